/**
 * The figures the benchmark scripts (scripts/bench-*.ts) report: a percentile of sorted timings,
 * the runs with their median, 95th percentile and slowest (ms, to a tenth), and a timing loop.
 */

/** The `p`th percentile (nearest rank) of timings sorted in ascending order; NaN for none. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

const round = (n: number) => Math.round(n * 10) / 10;

/** How many runs, and their median, 95th percentile and slowest, in ms to a tenth. */
export function stats(ms: readonly number[]) {
  const s = [...ms].sort((a, b) => a - b);
  return {
    runs: s.length,
    p50: round(percentile(s, 50)),
    p95: round(percentile(s, 95)),
    max: round(s.at(-1) ?? NaN),
  };
}

/** Runs `work` `runs` times, one after another: each run's time in ms. */
export async function time(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    out.push(performance.now() - started);
  }
  return out;
}
