/**
 * Starts calls before the app that needs them has loaded (./early.ts takes them). Imported only by
 * a page's first script, and importing nothing itself, so that script runs as soon as it arrives,
 * without waiting for any module the app shares.
 */

/** The key of the page's list of early calls; ./early.ts reads the same one. */
const registryKey = Symbol.for("kingdom.early-calls");

/** Starts these GETs now, as `send` (./http.ts) would make them. */
export function startEarly(urls: readonly string[], timeoutMs: number): void {
  const g = globalThis as unknown as Record<symbol, Map<string, { at: number; response: Promise<Response> }>>;
  const calls = (g[registryKey] ??= new Map());
  for (const url of urls) {
    const response = fetch(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Nobody may take it; an unhandled rejection would still be reported.
    response.catch(() => {});
    calls.set(url, { at: Date.now(), response });
  }
}

/** What a page starts early: some calls on every address, others by path (without a query). */
export interface FirstCalls {
  readonly always: readonly string[];
  readonly byPath: Readonly<Record<string, readonly string[]>>;
  readonly timeoutMs: number;
}

/** The calls to start for this address. */
export function firstCallsFor(table: FirstCalls, pathname: string, search: string): string[] {
  const path = pathname.replace(/\/+$/, "") || "/";
  return [...table.always, ...(search ? [] : (table.byPath[path] ?? []))];
}

/** Starts the calls a page's table (JSON, from the page's HTML) names for the current address. */
export function startFirstCalls(json: string | undefined): void {
  if (!json) return;
  const table = JSON.parse(json) as FirstCalls;
  startEarly(firstCallsFor(table, location.pathname, location.search), table.timeoutMs);
}
