/**
 * Calls started before the app that needs them has loaded. A page's first small script asks for
 * the answers its first screen will need (./early-start.ts), while the browser is still fetching
 * the app's modules; when the app then makes the same GET, `send` (./http.ts) takes the answer
 * already on its way instead of asking again. Each early answer is used once, only within
 * `freshForMs` of being asked for, and all are dropped as soon as the page sends anything that
 * could change them (any call other than a GET), so nobody sees an answer older than their own
 * change.
 */
interface EarlyCall {
  readonly at: number;
  readonly response: Promise<Response>;
}

const freshForMs = 10_000;
/** The same key as ./early-start.ts: the list lives on globalThis, shared by every bundle. */
const registryKey = Symbol.for("kingdom.early-calls");

/** The answer already on its way for this call, once, if it is a GET; otherwise undefined. */
export function takeEarly(method: string, url: string): Promise<Response> | undefined {
  const calls = (globalThis as unknown as Record<symbol, Map<string, EarlyCall> | undefined>)[registryKey];
  if (!calls) return undefined;
  if (method !== "GET") {
    calls.clear();
    return undefined;
  }
  const call = calls.get(url);
  if (!call) return undefined;
  calls.delete(url);
  return Date.now() - call.at <= freshForMs ? call.response : undefined;
}
