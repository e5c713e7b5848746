/**
 * scripts/lib/loopback-only.mjs, preloaded into every process of the local stack: a server that
 * would listen on every address listens on 127.0.0.1, an explicit address or a socket path is left
 * alone, and LISTEN_ON_NETWORK=1 turns it off. Checked in a real Node process per case.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loopbackListenArgs } from "../../scripts/lib/loopback-only.mjs";

const preload = path.resolve(import.meta.dirname, "../../scripts/lib/loopback-only.mjs");

/** The address a server started with `listenCall` gets, in a Node process with the preload. */
function boundAddress(listenCall: string, env: Record<string, string> = {}): string {
  const script = `
    const server = require("node:net").createServer();
    server.on("listening", () => { console.log(server.address().address); server.close(); });
    ${listenCall};`;
  const run = spawnSync(process.execPath, ["--import", preload, "-e", script], {
    encoding: "utf8",
    env: { ...process.env, LISTEN_ON_NETWORK: "", ...env },
    timeout: 30_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
}

describe("loopback-only preload", () => {
  it("binds 127.0.0.1 whatever wildcard form the tool asks for", () => {
    expect(boundAddress("server.listen(0)")).toBe("127.0.0.1");
    expect(boundAddress('server.listen(0, "0.0.0.0")')).toBe("127.0.0.1");
    expect(boundAddress('server.listen(0, "::")')).toBe("127.0.0.1");
    expect(boundAddress("server.listen({ port: 0 })")).toBe("127.0.0.1");
    expect(boundAddress('server.listen({ port: 0, host: "::" })')).toBe("127.0.0.1");
    expect(boundAddress("server.listen()")).toBe("127.0.0.1");
  });

  it("keeps an explicit address, and LISTEN_ON_NETWORK=1 keeps every address", () => {
    expect(boundAddress('server.listen(0, "::1")')).toBe("::1");
    expect(boundAddress("server.listen(0)", { LISTEN_ON_NETWORK: "1" })).toMatch(/^(::|0\.0\.0\.0)$/);
  });

  it("leaves socket paths and handles alone", () => {
    expect(loopbackListenArgs(["/tmp/x.sock"])).toEqual(["/tmp/x.sock"]);
    expect(loopbackListenArgs([{ path: "/tmp/x.sock" }])).toEqual([{ path: "/tmp/x.sock" }]);
    expect(loopbackListenArgs([{ fd: 3 }])).toEqual([{ fd: 3 }]);
    const cb = () => {};
    expect(loopbackListenArgs([8080, cb])).toEqual([8080, "127.0.0.1", cb]);
    expect(loopbackListenArgs(["8080", "0.0.0.0", 511, cb])).toEqual(["8080", "127.0.0.1", 511, cb]);
  });
});
