/**
 * The functions on Astro's dev server, in its own process: what `npm run dev` runs
 * (docs/decisions/041-dev-server-functions.md).
 *
 * Active only when SITE_LOCAL_FUNCTIONS=1 (scripts/dev.ts sets it) and only under `astro dev`. A
 * middleware in front of Astro's own answers an address the way Netlify does
 * (scripts/lib/netlify-edge.ts): a function whose `config.path` matches runs, with `params`, `ip`
 * and `waitUntil`; otherwise a forced redirect of netlify.toml applies (a 200 rewrites, keeping the
 * address); otherwise Astro answers (a page, or its 404 page, as under `netlify dev`, which also
 * asks the dev server before a non-forced rule).
 *
 * Each function module is loaded through Vite's SSR module graph, so it is evaluated once and kept
 * warm, as on Netlify, and an edited file (the function, or anything under src/ it imports) is
 * loaded afresh on the next call without a restart. Photos go to a local Netlify Blobs server in
 * SITE_BLOBS_DIR, handed to the functions as Netlify does (NETLIFY_BLOBS_CONTEXT).
 */
import type { AstroIntegration } from "astro";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  functionRoute,
  globToRegExp,
  loadRedirects,
  matchFunction,
  refuseForeignHost,
  runFunction,
  startLocalBlobs,
  type FunctionModule,
  type FunctionRoute,
} from "../scripts/lib/netlify-edge";
import { allowedLocalHosts, loopbackHosts } from "../src/platform/http/local-hosts";

const root = fileURLToPath(new URL("..", import.meta.url));
const functionsDir = path.join(root, "netlify/functions");

/** Addresses only Vite and Astro answer in dev (modules, assets, the HMR client). */
const devOnly = /^\/(@|node_modules\/|src\/|_astro\/|\.astro\/)/;

export default function localFunctions(): AstroIntegration {
  return {
    name: "local-functions",
    hooks: {
      "astro:server:setup": async ({ server, logger }) => {
        if (process.env["SITE_LOCAL_FUNCTIONS"] !== "1") return;
        const blobsDir = path.resolve(process.env["SITE_BLOBS_DIR"] ?? ".data/blobs");
        const blobs = await startLocalBlobs(blobsDir);
        process.env["NETLIFY_BLOBS_CONTEXT"] = Buffer.from(JSON.stringify(blobs.context)).toString("base64");
        server.httpServer?.once("close", () => void blobs.stop());

        const redirects = loadRedirects(path.join(root, "netlify.toml")).filter((rule) => rule.force);
        const files = readdirSync(functionsDir)
          .filter((f) => /\.m?[jt]s$/.test(f))
          .sort();
        const pending = new Set<Promise<unknown>>();

        /** Every function with an address; Vite keeps each module until a file it uses changes. */
        async function routes(): Promise<FunctionRoute[]> {
          const loaded = await Promise.all(
            files.map(async (file) =>
              functionRoute(
                file,
                (await server.ssrLoadModule(path.join(functionsDir, file))) as FunctionModule,
              ),
            ),
          );
          return loaded.filter((route): route is FunctionRoute => route !== undefined);
        }
        // Load them now, so the first call does not wait for thirty modules.
        const started = performance.now();
        routes()
          .then((r) =>
            logger.info(`${r.length} functions loaded in ${Math.round(performance.now() - started)} ms`),
          )
          .catch((error: unknown) => logger.error(`loading the functions failed: ${String(error)}`));

        /**
         * After a publish or restore, Astro forgets the service pages' paths it computed (its route
         * cache, otherwise kept until a file changes), so a service added or hidden shows at once
         * (docs/decisions/056-services-from-published-content.md).
         */
        const publishes = /^\/api\/admin\/site\/(publish|restore)$/;
        function contentChanged(): void {
          for (const [name, environment] of Object.entries(server.environments)) {
            if (name !== "client") environment.hot.send("astro:content-changed", {});
          }
        }

        /** The stack's own names (LOCAL_HOSTS from scripts/dev.ts, else loopback on this port). */
        function ownHosts(): ReadonlySet<string> {
          const address = server.httpServer?.address();
          const port = address && typeof address === "object" ? address.port : 0;
          return allowedLocalHosts() ?? new Set(loopbackHosts(port));
        }

        async function handle(req: IncomingMessage, res: ServerResponse, next: () => void): Promise<void> {
          // Another name (DNS rebinding, a neighbour on the network): refused before anything
          // runs, Vite's modules (the source code) included. The origin the functions compare
          // `Origin` against is then one of the stack's own names.
          if (!refuseForeignHost(req, res, ownHosts())) return;
          const url = new URL(req.url ?? "/", "http://localhost");
          if (devOnly.test(url.pathname)) return next();
          const origin = `http://${req.headers.host!.toLowerCase()}`;
          const all = await routes();
          const found = matchFunction(all, url.pathname);
          if (found) {
            await runFunction(found.route, found.params, req, res, origin, pending);
            if (req.method === "POST" && publishes.test(url.pathname)) contentChanged();
            return;
          }
          for (const rule of redirects) {
            const match = globToRegExp(rule.from).exec(url.pathname);
            if (!match) continue;
            const target = new URL(rule.to.replace(":splat", match[1] ?? ""), origin);
            if (rule.status === 200) {
              const rewritten = matchFunction(all, target.pathname);
              if (rewritten) return runFunction(rewritten.route, rewritten.params, req, res, origin, pending);
              req.url = target.pathname + url.search;
              return next();
            }
            res.writeHead(rule.status, { location: target.pathname + url.search });
            res.end();
            return;
          }
          next();
        }

        server.middlewares.use((req, res, next) => {
          handle(req, res, next).catch((error: unknown) => {
            logger.error(
              `request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
            );
            if (!res.headersSent) res.writeHead(500);
            res.end();
          });
        });
      },
    },
  };
}
