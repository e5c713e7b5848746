import { zipFunction } from "@netlify/zip-it-and-ship-it";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
const root = process.cwd();
const out = "/tmp/zb/out";
rmSync(out, { recursive: true, force: true });
const inc = process.argv[2] === "noinc" ? [] : ["node_modules/drizzle-orm/**/*.cjs"];
const only = Number(process.argv[3] ?? 46);
const config = { "*": { nodeBundler: "esbuild", externalNodeModules: ["sharp"], includedFiles: inc, nodeSourcemap: true } };
const fns = readdirSync("netlify/functions").filter((f) => f.endsWith(".mts")).slice(0, only);
const t0 = performance.now();
const cpu0 = process.cpuUsage();
await Promise.all(fns.map(async (f) => {
  const t = performance.now();
  await zipFunction(join(root, "netlify/functions", f), out, { archiveFormat: "none", basePath: root, config, featureFlags: { zisi_functions_api_v2: true, zisi_pure_esm: true, zisi_pure_esm_mjs: true } });
}));
const c = process.cpuUsage(cpu0);
console.log(process.argv[2] ?? "inc", fns.length, "wall", ((performance.now() - t0) / 1000).toFixed(1), "cpu(self)", ((c.user + c.system) / 1e6).toFixed(1));
