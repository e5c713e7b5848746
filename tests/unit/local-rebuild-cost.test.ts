/**
 * The rebuild's cost as the test host records it (scripts/lib/local-rebuild.ts): the CPU seconds of
 * this process's finished children, read from /proc/self/stat, grow by what a child used, as the
 * child itself counted it.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { expect, test } from "vitest";
import { childrenCpuSeconds } from "../../scripts/lib/local-rebuild";

// A shell (quick to start) that counts until it has used some CPU, then prints its own CPU so far
// (utime + stime from its /proc stat, in ticks of 1/100 s).
const spin =
  'i=0; while [ $i -lt 60000 ]; do i=$((i+1)); done; set -- $(cut -d")" -f2 /proc/$$/stat); echo $((${12} + ${13}))';

test.runIf(existsSync("/proc/self/stat"))(
  "a finished child's CPU time is counted once it has exited",
  // A few tenths of a second of CPU: seconds of wall time when other work shares the two cores.
  { timeout: 20_000 },
  async () => {
    const before = childrenCpuSeconds();
    expect(before).toBeTypeOf("number");
    const child = spawn("sh", ["-c", spin], { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
    const reported = Number(out) / 100;
    expect(reported).toBeGreaterThanOrEqual(0.03);
    const used = childrenCpuSeconds()! - before!;
    // One tick of 1/100 s either way (the two readings round apart); what the child used after it
    // printed comes on top.
    expect(used).toBeGreaterThanOrEqual(reported - 0.01);
    expect(used).toBeLessThan(reported + 0.5);
  },
);
