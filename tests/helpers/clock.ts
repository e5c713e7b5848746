/**
 * The clock for tests of fixed-window limits. The rate limits count hits per fixed window (ten
 * minutes, an hour: src/features/rate-limits/service.ts), so a test that sends a limit's worth of
 * requests and expects the next one refused fails whenever its requests straddle the end of a
 * window: the count starts again. `inOneWindow` runs the requests with `Date` moved to just after
 * the start of the next window and running on in real time, so they all land in one window at any
 * hour. Only `Date` is faked: timers, the database and the network run as they are.
 */
import { vi } from "vitest";

export async function inOneWindow<T>(windowMs: number, run: () => Promise<T>): Promise<T> {
  const nextWindow = (Math.floor(Date.now() / windowMs) + 1) * windowMs;
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true, now: nextWindow + 1_000 });
  try {
    return await run();
  } finally {
    vi.useRealTimers();
  }
}
