/**
 * The production build and its functions on one port, in one Node process: what the browser tests
 * run against (`scripts/dev.ts --host`, docs/decisions/036-browser-test-host.md).
 *
 * It does what Netlify's edge does with a deploy of this repository, in the order Netlify does it:
 *
 *  1. a function whose `config.path` (URLPattern syntax, as on Netlify) matches the address runs,
 *     with the `params` it matched, `ip` (the connection's address) and `waitUntil`;
 *  2. otherwise the redirect rules the build wrote (.netlify/v1/config.json), then netlify.toml's,
 *     top to bottom, first match wins (a 4xx rule rewrites with that status): a forced rule
 *     always applies, any other only when no file matches the address (Netlify's shadowing); a 200
 *     rule rewrites (the address stays), 301/302 answer with `Location`;
 *  3. otherwise the file from `dist/` (`/x` → `x`, `x.html`, `x/index.html`, as Netlify's pretty
 *     URLs), or `dist/404.html` with status 404;
 *  4. the header rules the build wrote to `.netlify/v1/config.json` on every static answer (a later
 *     rule wins for the same header), as Netlify applies them; a function sets its own headers.
 *
 * Each function module is imported once, as a warm Netlify instance keeps it; `netlify serve` starts
 * a fresh worker for every call (about 0.3 s each, seconds on a loaded 2-core machine), which made
 * the browser suite slow and its waits fragile. The functions' own bundles are built and checked by
 * tests/stack (function-bundles, and `npm run dev` through netlify-cli with the smoke test).
 *
 * Photos go to a local Netlify Blobs server (the one netlify-cli runs) in `<data-dir>/blobs`.
 *
 * Publishing the website's content rebuilds it here, as Netlify's build hook does there
 * (docs/decisions/057-draft-preview-and-local-rebuilds.md): with `buildsDir`, a publish runs
 * `astro build` into a new folder (./local-rebuild.ts) and the host serves that folder, and its
 * draft-preview renderer, only once the build succeeded; a failed build leaves the pages as they were.
 *
 * It listens on 127.0.0.1 only (LISTEN_ON_NETWORK=1: every address) and answers only requests whose
 * `Host` is one of its own names (localhost, 127.0.0.1 or [::1] with its port, and LOCAL_HOSTS).
 *
 * Usage: tsx scripts/lib/site-host.ts --port 8899 --blobs-dir .data/e2e/blobs [--builds-dir .data/e2e/builds]
 * (DATABASE_URL and the rest of the functions' environment come from the caller.)
 */
import { getStore } from "@netlify/blobs";
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { photoStoreName, setPhotoStore } from "../../src/platform/blobs";
import { setLocalRebuilder } from "../../src/platform/local-rebuild";
import { createLocalRebuilder } from "./local-rebuild";
import { allowedLocalHosts, loopbackHosts } from "../../src/platform/http/local-hosts";
import {
  functionRoute,
  globToRegExp,
  loadBuildRedirects,
  loadRedirects,
  matchFunction,
  refuseForeignHost,
  runFunction,
  startLocalBlobs,
  type FunctionModule,
  type FunctionRoute,
} from "./netlify-edge";

export { loadRedirects } from "./netlify-edge";

interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".ics": "text/calendar; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".pdf": "application/pdf",
};

/** Every function in netlify/functions with a `config.path`, imported once. */
export async function loadFunctions(directory: string): Promise<FunctionRoute[]> {
  const files = (await readdir(directory)).filter((f) => /\.m?[jt]s$/.test(f)).sort();
  const routes: FunctionRoute[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(directory, file)).href)) as FunctionModule;
    const route = functionRoute(file, mod);
    if (route) routes.push(route); // scheduled functions have no address
  }
  return routes;
}

/** The header rules the build wrote (integrations/security-headers.ts). */
export function loadHeaderRules(file: string): HeaderRule[] {
  const config = JSON.parse(readFileSync(file, "utf8")) as { headers?: HeaderRule[] };
  return config.headers ?? [];
}

/** The file in dist/ that answers `pathname`, as Netlify's pretty URLs resolve it. */
function staticFile(distDir: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const base = path.join(distDir, path.normalize(decoded));
  if (!base.startsWith(distDir)) return undefined;
  const candidates = decoded.endsWith("/")
    ? [path.join(base, "index.html")]
    : [base, `${base}.html`, path.join(base, "index.html")];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

function headersFor(pathname: string, rules: HeaderRule[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (globToRegExp(rule.for).test(pathname)) Object.assign(out, rule.values);
  }
  return out;
}

/** Text a CDN compresses (Netlify's does, with gzip or brotli, when the browser accepts it). */
const compressible = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg\+xml)/;

/**
 * Each file's gzipped body, compressed once per version of the file (its path, size and time):
 * a build's files never change, and compressing the admin's scripts again for every page a test
 * opens cost the host more CPU than serving them.
 */
const gzipped = new Map<string, Buffer>();
function gzippedFile(file: string): Buffer {
  const { mtimeMs, size } = statSync(file);
  const key = `${file}\0${mtimeMs}\0${size}`;
  let body = gzipped.get(key);
  if (!body) {
    body = gzipSync(readFileSync(file));
    gzipped.set(key, body);
  }
  return body;
}

function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  status: number,
  headers: Record<string, string>,
  head: boolean,
): void {
  const type = contentTypes[path.extname(file).toLowerCase()] ?? "application/octet-stream";
  const gzip = compressible.test(type) && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  if (gzip) {
    const body = gzippedFile(file);
    res.writeHead(status, {
      "content-type": type,
      "content-encoding": "gzip",
      "content-length": body.length,
      vary: "Accept-Encoding",
      ...headers,
    });
    res.end(head ? undefined : body);
    return;
  }
  res.writeHead(status, { "content-type": type, "content-length": statSync(file).size, ...headers });
  if (head) {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}

export interface SiteHost {
  url: string;
  close(): Promise<void>;
}

export interface SiteHostOptions {
  port: number;
  blobsDir: string;
  /** The project folder: netlify.toml, netlify/functions, dist/ and .netlify/v1 (default: cwd). */
  root?: string;
  /**
   * Listen on every address rather than 127.0.0.1 only (`npm run dev -- --listen-on-network`); the
   * names in LOCAL_HOSTS are then answered too. Default: loopback only.
   */
  listenOnNetwork?: boolean;
  /** Rebuild on publish into new folders here (default: no rebuild; a publish is live at once). */
  buildsDir?: string;
}

export async function startSiteHost(options: SiteHostOptions): Promise<SiteHost> {
  const root = options.root ?? process.cwd();
  // The folder served: dist/ until a publish's rebuild succeeds, then that build's own folder.
  let distDir = path.join(root, "dist");
  process.env["SITE_PREVIEW_SERVER"] = path.join(root, "dist-server/entry.mjs");
  if (options.buildsDir) {
    setLocalRebuilder(
      createLocalRebuilder({
        root,
        buildsDir: options.buildsDir,
        servedDist: distDir,
        // Beside the builds folder: `<data-dir>/rebuilds.jsonl` under `npm run dev -- --host`.
        costLog: path.join(path.dirname(path.resolve(options.buildsDir)), "rebuilds.jsonl"),
        onLive: (build) => {
          distDir = build.dist;
          process.env["SITE_PREVIEW_SERVER"] = path.join(build.server, "entry.mjs");
        },
      }),
    );
  }
  // Photos: a local Blobs server, installed as the store before any function runs.
  const blobs = await startLocalBlobs(options.blobsDir);
  setPhotoStore(getStore({ name: photoStoreName, ...blobs.context, consistency: "strong" }));

  const functions = await loadFunctions(path.join(root, "netlify/functions"));
  const redirects = [
    ...loadBuildRedirects(path.join(root, ".netlify/v1/config.json")),
    ...loadRedirects(path.join(root, "netlify.toml")),
  ];
  const headerRules = loadHeaderRules(path.join(root, ".netlify/v1/config.json"));
  // Filled in once the port is known: the stack's own names, and any LOCAL_HOSTS adds.
  let allowedHosts: ReadonlySet<string> = new Set();
  const pending = new Set<Promise<unknown>>();

  async function functionAnswers(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
  ): Promise<boolean> {
    const found = matchFunction(functions, pathname);
    if (!found) return false;
    await runFunction(
      found.route,
      found.params,
      req,
      res,
      `http://${req.headers.host!.toLowerCase()}`,
      pending,
    );
    return true;
  }

  function serveStatic(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    headerPath: string,
    head: boolean,
  ): boolean {
    const file = staticFile(distDir, pathname);
    if (!file) return false;
    sendFile(req, res, file, 200, headersFor(headerPath, headerRules), head);
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Another name (DNS rebinding, a neighbour on the network): refused before anything runs.
    if (!refuseForeignHost(req, res, allowedHosts)) return;
    const origin = `http://${req.headers.host!.toLowerCase()}`;
    const url = new URL(req.url ?? "/", origin);
    const pathname = url.pathname;
    const head = req.method === "HEAD";
    if (await functionAnswers(req, res, pathname)) return;

    for (const rule of redirects) {
      const match = globToRegExp(rule.from).exec(pathname);
      if (!match) continue;
      if (!rule.force && staticFile(distDir, pathname)) break; // an existing file shadows the rule
      const target = rule.to.replace(":splat", match[1] ?? "");
      if (rule.status === 200) {
        const targetPath = new URL(target, origin).pathname;
        if (await functionAnswers(req, res, targetPath)) return;
        if (serveStatic(req, res, targetPath, pathname, head)) return;
        continue;
      }
      if (rule.status >= 400) {
        // A rewrite with its own status (a hidden service's 410): the target's page, that status.
        const file = staticFile(distDir, new URL(target, origin).pathname);
        if (!file) continue;
        sendFile(req, res, file, rule.status, headersFor(pathname, headerRules), head);
        return;
      }
      res.writeHead(rule.status, { location: target + url.search, ...headersFor(pathname, headerRules) });
      res.end();
      return;
    }

    if (req.method !== "GET" && !head) {
      res.writeHead(405, { allow: "GET, HEAD" });
      res.end();
      return;
    }
    if (serveStatic(req, res, pathname, pathname, head)) return;
    const notFound = path.join(distDir, "404.html");
    if (existsSync(notFound)) sendFile(req, res, notFound, 404, headersFor(pathname, headerRules), head);
    else {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      res.end("Not found");
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error("[site] request failed", error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  // Keep-alive connections from the browser outlive a test; never let them hold a request open.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // Loopback only unless asked (docs/decisions/043-security-by-default.md): a browser that
    // tries ::1 for `localhost` first falls back to 127.0.0.1 at once.
    server.listen(options.port, options.listenOnNetwork ? undefined : "127.0.0.1", () => resolve());
  });
  const boundPort = (server.address() as AddressInfo).port;

  allowedHosts = new Set([...loopbackHosts(boundPort), ...(allowedLocalHosts() ?? [])]);
  return {
    url: `http://localhost:${boundPort}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...pending]);
      await blobs.stop();
      setPhotoStore(undefined);
      setLocalRebuilder(undefined);
    },
  };
}

const isMain = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (isMain) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "8899" },
      "blobs-dir": { type: "string", default: ".data/blobs" },
      "builds-dir": { type: "string" },
    },
  });
  const listenOnNetwork = process.env["LISTEN_ON_NETWORK"] === "1";
  const started = performance.now();
  const host = await startSiteHost({
    port: Number(values.port),
    blobsDir: path.resolve(values["blobs-dir"]),
    ...(values["builds-dir"] ? { buildsDir: path.resolve(values["builds-dir"]) } : {}),
    listenOnNetwork,
  });
  console.log(
    `[site] ${host.url}: dist/ and the functions, ready in ${Math.round(performance.now() - started)} ms`,
  );
  const stop = () => {
    void host.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
