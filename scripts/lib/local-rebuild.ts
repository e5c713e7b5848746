/**
 * The local production host's rebuild on publish (docs/decisions/057-draft-preview-and-local-rebuilds.md):
 * `astro build` into a NEW folder (`<buildsDir>/<stamp>/dist`, its preview renderer beside it in
 * `dist-server`), and only when that build succeeded is the host told to serve it (`onLive`). A
 * build that fails, or runs past the time limit, changes nothing the host serves; its reason comes
 * back in plain words. The two newest builds are kept (the one served and the one before), older
 * ones are removed.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { appendFile, mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import type { LocalRebuilder, RebuildResult } from "../../src/platform/local-rebuild";

export interface LocalBuild {
  /** The static site. */
  dist: string;
  /** The draft preview's renderer (integrations/preview-server.ts). */
  server: string;
}

export interface RebuilderOptions {
  /** The project folder (astro.config.mjs). */
  root: string;
  /** Where the builds go, one folder each; inside `root` (the builds import its node_modules). */
  buildsDir: string;
  /** Called with a build that succeeded, before the publish is reported live. */
  onLive: (build: LocalBuild) => void;
  /** The build's environment (default: this process's, DATABASE_URL included). */
  env?: NodeJS.ProcessEnv;
  /** A build still running after this is stopped and reported failed (default 15 minutes). */
  timeoutMs?: number;
  /**
   * The folder served before the first rebuild (the host's dist/). Each build takes the gallery's
   * image files it needs from the folder served at the time (SITE_GALLERY_FILES_FROM) instead of
   * encoding them again (src/components/sections/site-at-build.ts).
   */
  servedDist?: string;
  /** A file to which each rebuild's time and CPU seconds are appended, one JSON line each. */
  costLog?: string;
}

/**
 * Why the build stopped, in words an owner can read: the site's own message when it gave one (a
 * `[site] …` error from the build, without the database's query text), else the first error line.
 */
export function failureReason(output: string, code: number | null): string {
  const text = stripVTControlCharacters(output);
  const ours = text.indexOf("[site] ");
  let detail: string | undefined;
  if (ours !== -1) {
    detail = text
      .slice(ours + "[site] ".length)
      .split(/\n\s*(?:Stack trace:|Location:|at )/)[0]!
      .replace(/\s*\((?:Failed query|connect )[\s\S]*?\)(?=;|$)/, "")
      .replace(/\s+/g, " ")
      .trim();
  } else {
    const lines = text.split("\n").map((l) => l.trim());
    detail = lines.find((l) => /error/i.test(l) && !l.startsWith("at ")) ?? lines.filter(Boolean).at(-1);
  }
  const why = detail ? detail.slice(0, 300).replace(/\.$/, "") : `it stopped with code ${code ?? "unknown"}`;
  return `The new version of the website could not be built: ${why}.`;
}

/**
 * CPU seconds used so far by this process's finished children (Linux: /proc/self/stat's cutime and
 * cstime, in clock ticks of 1/100 s), or undefined elsewhere. The difference around a build is the
 * build's own CPU time: what a rebuild costs on a shared machine, whatever else is running.
 */
export function childrenCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 16 and 17 of stat(5); `fields` starts at field 3.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/** A line on the console per rebuild, and one in `costLog` when given. */
async function record(costLog: string | undefined, entry: { ok: boolean; wallS: number; cpuS?: number }) {
  const line = { at: new Date().toISOString(), ...entry };
  const cpu = entry.cpuS === undefined ? "" : `, ${entry.cpuS.toFixed(1)} s CPU`;
  console.log(`[site] rebuild ${entry.ok ? "done" : "failed"} in ${entry.wallS.toFixed(1)} s${cpu}`);
  if (costLog) await appendFile(costLog, `${JSON.stringify(line)}\n`).catch(() => {});
}

async function prune(buildsDir: string, keep: string[]): Promise<void> {
  const folders = (await readdir(buildsDir)).filter((name) => /^\d+$/.test(name)).sort();
  for (const name of folders.slice(0, -2)) {
    const folder = path.join(buildsDir, name);
    if (!keep.some((k) => k.startsWith(folder + path.sep)))
      await rm(folder, { recursive: true, force: true });
  }
}

export function createLocalRebuilder(options: RebuilderOptions): LocalRebuilder {
  // The build's server code imports packages by name, found only in the project's node_modules.
  if (!path.resolve(options.buildsDir).startsWith(path.resolve(options.root) + path.sep))
    throw new Error(`the builds folder (${options.buildsDir}) must be inside the project (${options.root})`);
  const astro = path.join(options.root, "node_modules/astro/bin/astro.mjs");
  let current: LocalBuild | undefined;
  return async (title: string): Promise<RebuildResult> => {
    const folder = path.join(options.buildsDir, `${Date.now()}`);
    const build: LocalBuild = { dist: path.join(folder, "dist"), server: path.join(folder, "dist-server") };
    await mkdir(folder, { recursive: true });
    const startedAt = performance.now();
    const cpuBefore = childrenCpuSeconds();
    const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env), SITE_BUILD_TITLE: title };
    const served = current?.dist ?? options.servedDist;
    if (served) env["SITE_GALLERY_FILES_FROM"] = served;
    // Astro misbehaves when it inherits a test runner's variables.
    for (const key of Object.keys(env)) if (key.startsWith("VITEST")) delete env[key];
    const child = spawn(process.execPath, [astro, "build", "--outDir", build.dist], {
      cwd: options.root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-20_000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const limit = options.timeoutMs ?? 15 * 60_000;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, limit);
    const code = await new Promise<number | null>((resolve) => {
      child.on("error", () => resolve(null));
      child.on("exit", (exit) => resolve(exit));
    });
    clearTimeout(timer);
    const cpuAfter = childrenCpuSeconds();
    const cost = {
      wallS: (performance.now() - startedAt) / 1000,
      ...(cpuBefore !== undefined && cpuAfter !== undefined ? { cpuS: cpuAfter - cpuBefore } : {}),
    };
    const complete =
      existsSync(path.join(build.dist, "index.html")) && existsSync(path.join(build.server, "entry.mjs"));
    if (timedOut || code !== 0 || !complete) {
      await rm(folder, { recursive: true, force: true });
      await record(options.costLog, { ok: false, ...cost });
      if (timedOut)
        return {
          ok: false,
          reason: `The new version of the website took longer than ${Math.round(limit / 60_000)} minutes to build and was stopped.`,
        };
      return { ok: false, reason: failureReason(output, code) };
    }
    options.onLive(build);
    await record(options.costLog, { ok: true, ...cost });
    const previous = current;
    current = build;
    await prune(options.buildsDir, [build.dist, ...(previous ? [previous.dist] : [])]).catch(() => {});
    return { ok: true };
  };
}
