/**
 * Preloaded (`node --import`) into every process the local stack starts (scripts/dev.ts puts it in
 * NODE_OPTIONS): any TCP server that would listen on every address (no host, `0.0.0.0`, `::`)
 * listens on 127.0.0.1 instead. netlify-cli, Astro's dev server and the local Blobs server have no
 * single switch for this, and one of them forgetting would put the stack on the café's network
 * (docs/decisions/043-security-by-default.md). `npm run dev -- --listen-on-network` sets
 * LISTEN_ON_NETWORK=1, which turns this off.
 */
import net from "node:net";

const wildcard = new Set([undefined, null, "", "0.0.0.0", "::", "[::]"]);
const loopback = "127.0.0.1";

/** The arguments of `server.listen(...)` with a wildcard or missing host made loopback. */
export function loopbackListenArgs(args) {
  const [first, ...rest] = args;
  if (first !== null && typeof first === "object") {
    // listen(handle) or listen({ fd }) or listen({ path }): not a TCP address of ours to choose.
    if ("_handle" in first || "fd" in first || typeof first.path === "string") return args;
    if (!wildcard.has(first.host)) return args;
    return [{ ...first, host: loopback }, ...rest];
  }
  if (typeof first === "string" && !/^\d+$/.test(first)) return args; // a pipe or socket path
  if (first === undefined || typeof first === "function")
    return [0, loopback, ...args.filter((a) => a !== undefined)];
  const [second, ...others] = rest;
  if (typeof second === "string" || second === null) {
    return wildcard.has(second) ? [first, loopback, ...others] : args;
  }
  return [first, loopback, ...rest];
}

if (process.env.LISTEN_ON_NETWORK !== "1") {
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function loopbackListen(...args) {
    return listen.apply(this, loopbackListenArgs(args));
  };
}
