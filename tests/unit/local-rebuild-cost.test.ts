/**
 * The rebuild's cost as the test host records it (scripts/lib/local-rebuild.ts): the CPU seconds of
 * this process's finished children, read from /proc/self/stat, grow by what a child burned.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { expect, test } from "vitest";
import { childrenCpuSeconds } from "../../scripts/lib/local-rebuild";

// A child that spins until it has used 0.3 s of CPU itself, however busy the machine is.
const spin = "const s = process.cpuUsage(); while (process.cpuUsage(s).user < 300_000) {}";

test.runIf(existsSync("/proc/self/stat"))(
  "a finished child's CPU time is counted once it has exited",
  // The child's 0.3 s of CPU can take several seconds of wall time when other work shares the cores.
  { timeout: 20_000 },
  async () => {
    const before = childrenCpuSeconds();
    expect(before).toBeTypeOf("number");
    const child = spawn(process.execPath, ["-e", spin], { stdio: "ignore" });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(0);
    const used = childrenCpuSeconds()! - before!;
    expect(used).toBeGreaterThanOrEqual(0.28);
    // Node's own start-up on top; far below a second of CPU.
    expect(used).toBeLessThan(3);
  },
);
