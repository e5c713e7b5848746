/**
 * The local production host's rebuild (docs/decisions/057-draft-preview-and-local-rebuilds.md).
 * Where the site is served from a build on this machine (scripts/lib/site-host.ts, what
 * `npm run dev -- --host` and the browser tests run), the host installs a rebuilder here: publishing
 * then builds the site again into a new folder and serves it only once the build succeeded. On
 * Netlify (a build hook) and under `astro dev` (every page rendered per request) none is installed.
 */

export type RebuildResult = { ok: true } | { ok: false; reason: string };

/** Builds the site anew and, on success, serves the new build; never throws. */
export type LocalRebuilder = (title: string) => Promise<RebuildResult>;

let installed: LocalRebuilder | undefined;

export function setLocalRebuilder(rebuilder: LocalRebuilder | undefined): void {
  installed = rebuilder;
}

export function localRebuilder(): LocalRebuilder | undefined {
  return installed;
}
