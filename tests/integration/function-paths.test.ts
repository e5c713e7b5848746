/**
 * Every route in the contracts reaches a function by the functions' own `config.path`, matched as
 * Netlify matches it (URLPattern; scripts/lib/netlify-edge.ts does the same for the local hosts).
 * A handler test calls its function directly, so a sub-path missing from `config.path` would pass
 * every handler test and still answer 404 or 405 on the deployed site.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routes } from "../../src/lib/contracts/routes";
import { functionRoute, matchFunction, type FunctionModule } from "../../scripts/lib/netlify-edge";

const dir = path.resolve(import.meta.dirname, "../../netlify/functions");

describe("function paths", () => {
  it("route every contract's path to a function", async () => {
    const files = readdirSync(dir).filter((f) => /\.m?[jt]s$/.test(f));
    const loaded = await Promise.all(
      files.map(async (f) => functionRoute(f, (await import(path.join(dir, f))) as FunctionModule)),
    );
    const functions = loaded.filter((r) => r !== undefined);
    const unrouted = Object.entries(routes)
      .map(([name, route]) => ({
        name,
        path: route.path.replace(/:(\w+)/g, (_m, p: string) => `sample-${p}`),
      }))
      .filter(({ path: p }) => !matchFunction(functions, p))
      .map(({ name, path: p }) => `${name} ${p}`);
    expect(unrouted).toEqual([]);
  });
});
