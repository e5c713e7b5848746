/**
 * What Netlify's edge does with a function call, for the two local hosts that run the functions in
 * one Node process: the production build's host (./site-host.ts, the browser tests) and the dev
 * server's (integrations/local-functions.ts, `npm run dev`). Both route an address the way Netlify
 * does: a function whose `config.path` (URLPattern syntax) matches runs, with the `params` it
 * matched, `ip` (the connection's address) and `waitUntil`; otherwise netlify.toml's redirects.
 */
import { BlobsServer } from "@netlify/blobs/server";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parse as parseToml } from "smol-toml";
import { isAllowedHost, misdirectedRequest } from "../../src/platform/http/local-hosts";

export type Handler = (req: Request, context: Record<string, unknown>) => Promise<Response> | Response;

/** What a function module exports: its handler and its addresses. */
export interface FunctionModule {
  default?: Handler;
  config?: { path?: string | string[] };
}

export interface FunctionRoute {
  name: string;
  patterns: URLPattern[];
  handler: Handler;
}

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  force: boolean;
}

/** A function file as a route, or undefined for one without an address (a scheduled function). */
export function functionRoute(file: string, mod: FunctionModule): FunctionRoute | undefined {
  const paths = mod.config?.path;
  if (!mod.default || !paths) return undefined;
  return {
    name: file.replace(/\.m?[jt]s$/, ""),
    patterns: (Array.isArray(paths) ? paths : [paths]).map((p) => new URLPattern({ pathname: p })),
    handler: mod.default,
  };
}

/** The first route whose pattern matches `pathname`, with the parameters it matched. */
export function matchFunction(
  routes: readonly FunctionRoute[],
  pathname: string,
): { route: FunctionRoute; params: Record<string, string> } | undefined {
  for (const route of routes) {
    const match = route.patterns.map((p) => p.exec({ pathname })).find(Boolean);
    if (!match) continue;
    const params = Object.fromEntries(
      Object.entries(match.pathname.groups).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    return { route, params };
  }
  return undefined;
}

/** netlify.toml's [[redirects]], in order. */
export function loadRedirects(file: string): RedirectRule[] {
  const config = parseToml(readFileSync(file, "utf8")) as { redirects?: Partial<RedirectRule>[] };
  return (config.redirects ?? []).map((r) => ({
    from: String(r.from),
    to: String(r.to),
    status: Number(r.status ?? 301),
    force: Boolean(r.force),
  }));
}

/**
 * The redirect rules the build wrote to Netlify's Frameworks API configuration
 * (`.netlify/v1/config.json`: a hidden service's 410, integrations/service-addresses.ts); Netlify
 * applies them before netlify.toml's. None when the file or the key is missing.
 */
export function loadBuildRedirects(file: string): RedirectRule[] {
  let config: { redirects?: Partial<RedirectRule>[] };
  try {
    config = JSON.parse(readFileSync(file, "utf8")) as typeof config;
  } catch {
    return [];
  }
  return (config.redirects ?? []).map((r) => ({
    from: String(r.from),
    to: String(r.to),
    status: Number(r.status ?? 301),
    force: Boolean(r.force),
  }));
}

/** A Netlify path pattern (`*` matches the rest, `:name` one segment) as a regular expression. */
export function globToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z_]\w*/g, "[^/]+"))
    .join("(.*)");
  return new RegExp(`^${escaped}$`);
}

/** The request as a Fetch API `Request`, its body streamed. */
function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(":") || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * Answers 421 and returns false when the request's `Host` is not one of `allowed` (the stack's own
 * names, src/platform/http/local-hosts.ts); true when it may go on.
 */
export function refuseForeignHost(
  req: IncomingMessage,
  res: ServerResponse,
  allowed: ReadonlySet<string>,
): boolean {
  if (isAllowedHost(req.headers.host, allowed)) return true;
  const error = misdirectedRequest();
  res.writeHead(error.status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(error.body()));
  return false;
}

export async function sendResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  const cookies = response.headers.getSetCookie();
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  res.writeHead(response.status, response.statusText);
  if (head || !response.body || res.destroyed) {
    await response.body?.cancel().catch(() => {});
    res.end();
    return;
  }
  try {
    await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), res);
  } catch (error) {
    // The browser went away mid-answer (a test ended, a navigation): nothing to send it.
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

/**
 * Runs one function for `req` and writes its answer, as Netlify does: `params`, `ip` and
 * `waitUntil` (whose promises are kept in `pending` so a host can wait for them on close); an
 * uncaught exception becomes a 500 (the handlers catch their own).
 */
export async function runFunction(
  route: FunctionRoute,
  params: Record<string, string>,
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  pending: Set<Promise<unknown>>,
): Promise<void> {
  const context = {
    ip: req.socket.remoteAddress?.replace(/^::ffff:/, ""),
    params,
    waitUntil(promise: Promise<unknown>) {
      const tracked = promise
        .catch((error: unknown) => console.error(`[site] ${route.name}: waitUntil failed`, error))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
  };
  let response: Response;
  try {
    response = await route.handler(toRequest(req, origin), context);
  } catch (error) {
    console.error(`[site] ${route.name} threw`, error);
    response = new Response("Internal error", { status: 500 });
  }
  await sendResponse(res, response, req.method === "HEAD");
}

export interface LocalBlobs {
  /** The store connection, as Netlify hands it to functions (NETLIFY_BLOBS_CONTEXT). */
  context: { edgeURL: string; uncachedEdgeURL: string; siteID: string; token: string };
  stop(): Promise<void>;
}

/** A local Netlify Blobs server (the one netlify-cli runs) keeping its blobs in `directory`. */
export async function startLocalBlobs(directory: string): Promise<LocalBlobs> {
  await mkdir(directory, { recursive: true });
  const token = randomUUID();
  const blobs = new BlobsServer({ directory, token, logger: () => {} });
  const { port } = await blobs.start();
  const url = `http://localhost:${port}`;
  return {
    context: { edgeURL: url, uncachedEdgeURL: url, siteID: "local-site", token },
    stop: () => blobs.stop(),
  };
}
