/**
 * Starts a rebuild of the site through a Netlify build hook: one POST to the hook's secret URL
 * (`NETLIFY_BUILD_HOOK_URL`), with a title that names what triggered it. Netlify answers 200 as soon
 * as the build is queued; anything else, or no answer within ten seconds, means no build started.
 */

/** The build hook's URL, or null where there is none (local development and tests without one). */
export function buildHookUrl(env: Record<string, string | undefined> = process.env): string | null {
  const url = env["NETLIFY_BUILD_HOOK_URL"]?.trim();
  return url ? url : null;
}

export type BuildHookResult = { started: true } | { started: false; reason: string };

export async function triggerBuild(url: string, title: string, timeoutMs = 10_000): Promise<BuildHookResult> {
  const target = new URL(url);
  target.searchParams.set("trigger_title", title);
  try {
    const answer = await fetch(target, {
      method: "POST",
      body: "{}",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await answer.body?.cancel();
    if (answer.ok) return { started: true };
    return {
      started: false,
      reason: `Netlify did not start the rebuild (it answered ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ""}).`,
    };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return {
      started: false,
      reason: timedOut
        ? "Netlify did not answer within ten seconds, so the rebuild may not have started."
        : "Netlify could not be reached to start the rebuild.",
    };
  }
}
