#!/usr/bin/env node
/**
 * `npm test`: every test, as stages that run two at a time, because the machine has two cores
 * (docs/decisions/024-fast-ci.md, docs/decisions/081-a-queue-not-two-lanes.md). In the order they start:
 *
 *  - browser tests (Playwright) on the production build, which the test host builds
 *    (scripts/lib/site-host.ts, docs/decisions/036-browser-test-host.md), the smoke test among them:
 *    the longest stage, from the start to near the end;
 *  - check (astro check, eslint, prettier --check, the dependency, size and export checks);
 *  - the smoke test on `npm run dev -- --netlify` (Netlify's own `netlify dev`);
 *  - the stack tests, one file at a time: `npm run dev` for real with the smoke test in Chromium on
 *    it, and its sockets loopback only (tests/stack/dev-stack.test.ts);
 *  - unit + content tests, and the integration suite's PGlite-only files (Vitest, PGlite);
 *  - the integration suite on a throwaway PostgreSQL server (every data-layer and API file);
 *  - build checks on the browser tests' build (valid HTML, links, headers, JS budget), once the
 *    browser tests have ended.
 *
 * A stage starts when one of the two running stages ends; the first in the list that may start
 * goes. `netlify dev` writes under .netlify/, where the build checks read the build, so those two
 * never run at once; nor do the two stages that start a dev server with a Chromium smoke run.
 *
 * So the smoke test runs under every local path a developer can start: `npm run dev`, `npm run dev
 * -- --netlify` and the production build (docs/decisions/049-documentation-and-local-modes-in-ci.md).
 *
 * Without a PostgreSQL server (SKIP_POSTGRES=1, or none installed) the whole integration suite runs
 * on PGlite instead. SKIP_E2E=1 leaves out the browser tests, the stack test and the smoke test on
 * `netlify dev` (the build and its checks still run). CI runs everything.
 *
 * Each stage's output goes to test-reports/<stage>.log and is printed in one piece when the stage
 * ends, so parallel stages never interleave. At the end: each stage's time, the ten slowest tests
 * (from the Vitest and Playwright JSON reports in test-reports/), every test that took more than
 * half of its time budget (it would time out on a busier machine), and one line `N passed, N failed`
 * summing every stage. The run fails when any stage fails; the failing stages' output is printed
 * again at the end.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { nearTimeout, vitestBudget } from "./lib/vitest-budgets.mjs";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const env = {
  ...process.env,
  ASTRO_TELEMETRY_DISABLED: "1",
  ASTRO_DISABLE_UPDATE_CHECK: "true",
  FORCE_COLOR: "0",
  // V8's compiled code for every module Node loads itself (Vitest's workers, one per test file, each
  // load drizzle, pg, zod and PGlite again; tsx; Playwright), kept on disk and reused by every later
  // process of the run: about a tenth less CPU for an integration file (docs/decisions/069-ci-speed.md).
  NODE_COMPILE_CACHE:
    process.env.NODE_COMPILE_CACHE ?? path.join(root, "node_modules/.cache/node-compile-cache"),
};
const skipE2e = Boolean(process.env.SKIP_E2E);
const havePostgres =
  !process.env.SKIP_POSTGRES &&
  existsSync("/usr/lib/postgresql") &&
  readdirSync("/usr/lib/postgresql").some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
if (!process.env.SKIP_POSTGRES && !havePostgres && process.env.CI) {
  console.error(
    "✗ CI needs the PostgreSQL server binaries (/usr/lib/postgresql/*/bin); .ci/run installs them.",
  );
  process.exit(1);
}

/** Integration files about PGlite itself (the local database server, its restarts) and the data
 * layer the local stack runs on PGlite: they run on PGlite even when the rest runs on PostgreSQL. */
const pgliteFiles = [
  "tests/integration/local-db-server.test.ts",
  "tests/integration/db-restart.test.ts",
  "tests/integration/data-layer.test.ts",
  "tests/integration/request-search.test.ts",
];

const vitestJson = (name) => [
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${path.join(reports, `vitest-${name}.json`)}`,
];

/** @typedef {{ name: string, cmd: string, args: string[], env?: Record<string, string>, reports?: string[], needsFreshBuild?: boolean, after?: string, locks?: string[] }} Stage */

/** The build checks read the build under .netlify/v1, and `netlify dev` writes under .netlify/. */
const netlifyFolder = ".netlify/";
/** The stack test and the smoke test on `netlify dev` each start the dev server with its Chromium
 * smoke run: never both at once. */
const devServer = "dev server";

const browserTests = "browser tests (Playwright, production build)";

/**
 * Every stage, in the order they start. Two run at a time (the machine has two cores); when one
 * ends, the first stage in this list that may start takes its place: one whose `after` stage has
 * ended and none of whose `locks` another running stage holds.
 *
 * The browser tests are the longest stage and start at once. The stages that can use both cores
 * on their own (the Vitest suites, with two workers each) come last, so whatever runs after the
 * browser tests have ended still keeps both cores busy (docs/decisions/081-a-queue-not-two-lanes.md).
 * @type {Stage[]}
 */
const stages = [
  skipE2e
    ? { name: "build", cmd: "npx", args: ["astro", "build"] }
    : {
        name: browserTests,
        cmd: "npx",
        args: ["playwright", "test"],
        env: { PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(reports, "playwright.json") },
        reports: ["playwright"],
      },
  { name: "check", cmd: "npm", args: ["run", "check"] },
  ...(skipE2e
    ? []
    : [
        // On a port of its own (8886, beside the stack test's 8888 and the browser tests' host).
        {
          name: "smoke test on npm run dev -- --netlify",
          cmd: "npx",
          args: ["playwright", "test", "-c", "playwright.dev.config.ts"],
          env: {
            SMOKE_DEV_MODE: "netlify",
            PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(reports, "playwright-smoke-netlify.json"),
          },
          reports: ["playwright-smoke-netlify"],
          locks: [netlifyFolder, devServer],
        },
        // `npm run dev` for real (the dev server with the functions in its process,
        // docs/decisions/041-dev-server-functions.md) and the functions bundled as Netlify bundles them.
        {
          name: "stack (npm run dev, smoke test on it; function bundles)",
          cmd: "npx",
          args: ["vitest", "run", "--project", "stack", ...vitestJson("stack")],
          env: { PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(reports, "playwright-smoke-dev.json") },
          reports: ["vitest-stack", "playwright-smoke-dev"],
          locks: [devServer],
        },
      ]),
  {
    name: havePostgres
      ? "unit, content, integration on PGlite (PGlite-only files)"
      : "unit, content, integration (PGlite)",
    cmd: "npx",
    args: [
      "vitest",
      "run",
      "--project",
      "unit",
      "--project",
      "content",
      "--project",
      "integration",
      ...vitestJson("pglite"),
      // With a PostgreSQL server the other integration files run on it, in the stage below.
      ...(havePostgres ? [...pgliteFiles, "tests/unit", "tests/content"] : []),
    ],
    reports: ["vitest-pglite"],
  },
  ...(havePostgres
    ? [
        {
          name: "integration (PostgreSQL server)",
          cmd: "npx",
          args: [
            "tsx",
            "scripts/with-postgres.ts",
            "npx",
            "vitest",
            "run",
            "--project",
            "integration",
            ...vitestJson("postgres"),
            ...pgliteFiles.flatMap((f) => ["--exclude", f]),
          ],
          reports: ["vitest-postgres"],
        },
      ]
    : []),
  // On the build the test host made for the browser tests (dist/ and .netlify/v1), or the build above.
  {
    name: "build checks",
    cmd: "node",
    args: ["scripts/check-build.mjs"],
    needsFreshBuild: true,
    after: skipE2e ? "build" : browserTests,
    locks: [netlifyFolder],
  },
];
/** How many stages run at a time. */
const slots = 2;

const started = Date.now();
const elapsed = (from) => `${((Date.now() - from) / 1000).toFixed(1)}s`;
/** @type {{ name: string, ok: boolean, secs: string, cpu?: number, log: string, output: string, reports: string[] }[]} */
const results = [];
const running = new Map();

const gnuTime = "/usr/bin/time";

/** A stage's CPU seconds (user + system) from GNU time's output file, or undefined. */
function stageCpu(file) {
  if (!existsSync(file)) return undefined;
  const [user, sys] = readFileSync(file, "utf8").trim().split("\n").at(-1).split(" ").map(Number);
  return Number.isFinite(user) && Number.isFinite(sys) ? user + sys : undefined;
}

function runStage(stage) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const slug = stage.name
      .replace(/[^a-z0-9]+/gi, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase();
    const log = path.join(reports, `${slug}.log`);
    console.log(`▶ ${stage.name} (started at +${elapsed(started)})`);
    running.set(stage.name, t0);
    let output = "";
    // With GNU time installed, the stage's CPU seconds (its processes and every descendant they
    // waited for) are printed beside its wall time: on a shared 2-core machine, CPU is what a stage costs.
    const cpuFile = path.join(reports, `${slug}.cpu`);
    const [cmd, args] = existsSync(gnuTime)
      ? [gnuTime, ["-q", "-f", "%U %S", "-o", cpuFile, stage.cmd, ...stage.args]]
      : [stage.cmd, stage.args];
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...env, ...stage.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code, signal) => {
      running.delete(stage.name);
      writeFileSync(log, output);
      const ok = code === 0;
      const secs = elapsed(t0);
      const cpu = stageCpu(cpuFile);
      const rule = "─".repeat(78);
      console.log(
        `\n${rule}\n${ok ? "✓" : "✗"} ${stage.name} (${secs}; log ${path.relative(root, log)})\n${rule}`,
      );
      console.log(output.trimEnd());
      if (!ok) console.log(`✗ ${stage.name} failed (${signal ?? `exit ${code}`}) after ${secs}`);
      results.push({ name: stage.name, ok, secs, cpu, log, output, reports: stage.reports ?? [] });
      resolve(ok);
    });
  });
}

/** Whether dist/ holds a build made during this run (not one left from an earlier run). */
const freshBuild = () => {
  const index = path.join(root, "dist", "index.html");
  return existsSync(index) && statSync(index).mtimeMs >= started;
};

/** Records a stage that did not run, as a failed one. */
function notRun(stage, short, why) {
  console.log(`✗ ${stage.name}: not run, ${why}`);
  results.push({
    name: `${stage.name} (not run: ${short})`,
    ok: false,
    secs: "0.0s",
    log: "",
    output: "",
    reports: [],
  });
}

/**
 * Runs every stage, `slots` at a time, each as soon as it may start. A failed stage fails the run
 * and the others go on (so one run shows every failure), except the build checks when this run
 * made no build. Resolves with whether every stage passed.
 */
function runAll() {
  const waiting = [...stages];
  const ended = new Set();
  const held = new Set();
  let active = 0;
  let allOk = true;
  return new Promise((resolve) => {
    const fill = () => {
      for (let i = 0; i < waiting.length && active < slots;) {
        const stage = waiting[i];
        const locks = stage.locks ?? [];
        if ((stage.after && !ended.has(stage.after)) || locks.some((l) => held.has(l))) {
          i += 1;
          continue;
        }
        waiting.splice(i, 1);
        if (stage.needsFreshBuild && !freshBuild()) {
          notRun(stage, "no build", "this run made no build in dist/");
          allOk = false;
          ended.add(stage.name);
          i = 0;
          continue;
        }
        active += 1;
        for (const l of locks) held.add(l);
        void runStage(stage).then((ok) => {
          allOk &&= ok;
          active -= 1;
          for (const l of locks) held.delete(l);
          ended.add(stage.name);
          fill();
        });
      }
      if (active === 0) {
        // Nothing runs and nothing more may start: a stage waits for one that is not in the list.
        for (const stage of waiting.splice(0)) {
          notRun(stage, "waits", `it waits for "${stage.after}"`);
          allOk = false;
        }
        resolve(allOk);
      }
    };
    fill();
  });
}

// A line a minute, so a CI log shows the run is alive while the stages' output is held back.
const heartbeat = setInterval(() => {
  const now = Date.now();
  const list = [...running].map(([name, t0]) => `${name} ${Math.round((now - t0) / 1000)}s`).join("; ");
  if (list) console.log(`… +${elapsed(started)} running: ${list}`);
}, 60_000);

const allOk = await runAll();
clearInterval(heartbeat);

// ---- summary ----------------------------------------------------------------------------------

/** Every test from the JSON reports: { name, ms, status, longestRunMs, budgetMs } with status
 * passed | failed | skipped; `longestRunMs` is its longest single run (Playwright retries). */
function collectTests() {
  const tests = [];
  for (const file of readdirSync(reports).filter((f) => f.endsWith(".json"))) {
    let data;
    try {
      data = JSON.parse(readFileSync(path.join(reports, file), "utf8"));
    } catch {
      continue;
    }
    const source = file.replace(/\.json$/, "");
    if (Array.isArray(data.testResults)) {
      for (const suite of data.testResults) {
        for (const t of suite.assertionResults ?? []) {
          tests.push({
            name: `${path.relative(root, suite.name)} › ${t.fullName ?? t.title}`,
            ms: t.duration ?? 0,
            status: t.status === "passed" ? "passed" : t.status === "failed" ? "failed" : "skipped",
            source,
            longestRunMs: t.duration ?? 0,
            budgetMs: vitestBudget(root, path.relative(root, suite.name), [
              ...(t.ancestorTitles ?? []),
              t.title,
            ]),
          });
        }
      }
    } else if (Array.isArray(data.suites)) {
      const walk = (suite, titles) => {
        for (const spec of suite.specs ?? []) {
          for (const test of spec.tests ?? []) {
            const runs = test.results ?? [];
            const status =
              test.status === "expected" || test.status === "flaky"
                ? "passed"
                : test.status === "skipped"
                  ? "skipped"
                  : "failed";
            tests.push({
              name: `${[...titles, spec.title].filter(Boolean).join(" › ")} [${test.projectName}]${test.status === "flaky" ? " (flaky: passed on retry)" : ""}`,
              ms: runs.reduce((sum, r) => sum + (r.duration ?? 0), 0),
              status,
              source,
              longestRunMs: Math.max(0, ...runs.map((r) => r.duration ?? 0)),
              budgetMs: test.timeout ?? 0,
            });
          }
        }
        for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
      };
      for (const suite of data.suites) walk(suite, [suite.title]);
    }
  }
  return tests;
}

const tests = collectTests();
console.log(`\n${"═".repeat(78)}\nStages (wall time, CPU seconds; two at a time):`);
for (const r of results)
  console.log(
    `  ${r.ok ? "✓" : "✗"} ${r.secs.padStart(7)} ${(r.cpu === undefined ? "" : `${r.cpu.toFixed(0)} s CPU`).padStart(10)}  ${r.name}`,
  );
console.log(`  total ${elapsed(started)}`);
// Each publish in the browser tests rebuilds the site on the test host, which logs the build's cost
// (scripts/lib/local-rebuild.ts, docs/decisions/069-ci-speed.md).
const rebuildLog = path.join(root, ".data/e2e/rebuilds.jsonl");
if (existsSync(rebuildLog) && statSync(rebuildLog).mtimeMs >= started) {
  const builds = readFileSync(rebuildLog, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const sum = (key) => builds.reduce((total, b) => total + (b[key] ?? 0), 0).toFixed(1);
  console.log(
    `\nSite rebuilds on publish in the browser tests: ${builds.length} (${sum("cpuS")} s CPU, ${sum("wallS")} s wall)`,
  );
}
console.log("\nTen slowest tests:");
for (const t of [...tests].sort((a, b) => b.ms - a.ms).slice(0, 10))
  console.log(`  ${(t.ms / 1000).toFixed(1).padStart(6)}s  ${t.name}`);

// A test that takes more than half its own budget on this run: split it or give it a measured budget.
const nearBudget = nearTimeout(tests);
console.log(
  nearBudget.length === 0
    ? "\nNo test took more than half of its time budget."
    : "\nTests that took more than half of their time budget (their own timeout, else their project's;" +
        " split them, or give them a measured budget):",
);
for (const t of nearBudget)
  console.log(
    `  ${(t.longestRunMs / 1000).toFixed(1).padStart(6)}s of ${(t.budgetMs / 1000).toFixed(0)}s  ${t.name}`,
  );

const failedStages = results.filter((r) => !r.ok);
for (const r of failedStages) {
  console.log(
    `\n${"═".repeat(78)}\n✗ ${r.name}: its output again (last 200 lines; all of it in ${path.relative(root, r.log)})`,
  );
  console.log(r.output.trimEnd().split("\n").slice(-200).join("\n"));
}
const passed = tests.filter((t) => t.status === "passed").length;
// A stage that failed with no failed test in a report (a check, a crash, a stack that never
// started) counts as one failure, so the line never reads "0 failed" on a failed run.
const failedTests = tests.filter((t) => t.status === "failed").length;
const failed =
  failedTests +
  failedStages.filter((r) => !tests.some((t) => t.status === "failed" && r.reports.includes(t.source)))
    .length;
if (failedStages.length > 0) console.log(`\n✗ failed stages: ${failedStages.map((r) => r.name).join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(allOk && failedStages.length === 0 ? 0 : 1);
