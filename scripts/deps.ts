/**
 * The import graph between features (docs/decisions/062-feature-public-faces.md).
 *
 *   npm run deps:report               the figures: cross-feature imports, deep imports by kind,
 *                                     feature-level cycles, the known violations left
 *   npm run deps:check                fails on any import that breaks the rules and is not in the
 *                                     baseline (part of `npm run check`), naming the import to use
 *   npm run deps:baseline             rewrites the baseline without the violations that are gone
 *                                     (it never adds one; `-- --accept-new` does, on purpose only,
 *                                     and never a back-edge against the order between features:
 *                                     those only leave the baseline, see
 *                                     docs/decisions/067-no-cycles-between-features.md)
 *   … -- --root <dir>                 another copy of the repository (the tests use it)
 */
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { IViolation } from "dependency-cruiser";
import {
  countCycles,
  crossFeature,
  cruiseFeatures,
  cycleGroups,
  featureGraph,
  featureOf,
  type Import,
  kindOf,
  mutualPairs,
  publicFace,
  suggestion,
} from "./lib/feature-graph";

const baselineFile = "deps-baseline.json";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { root: { type: "string" }, "accept-new": { type: "boolean" } },
});
const root = resolve(values.root ?? ".");
const command = positionals[0] ?? "report";

function readBaseline(): IViolation[] {
  const path = join(root, baselineFile);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as IViolation[]) : [];
}

/**
 * A violation's identity in the baseline. For the order between features, the importing file and
 * the feature it reaches: rewriting a deep import to the face keeps a known back-edge known.
 */
const isBackEdge = (v: Pick<IViolation, "rule">): boolean => v.rule.name.startsWith("feature-order:");

const key = (v: Pick<IViolation, "rule" | "from" | "to">): string =>
  v.rule.name.startsWith("feature-order:")
    ? `${v.rule.name} ${v.from} ${featureOf(v.to) ?? v.to}`
    : `${v.rule.name} ${v.from} ${v.to}`;

/** The violations now, split into those the baseline knows and the new ones. */
function sortOut(violations: readonly IViolation[], known: readonly IViolation[]) {
  const knownKeys = new Set(known.map(key));
  const seen = new Set(violations.map(key));
  return {
    old: violations.filter((v) => knownKeys.has(key(v))),
    fresh: violations.filter((v) => !knownKeys.has(key(v))),
    gone: known.filter((v) => !seen.has(key(v))),
  };
}

/** The features from `start` to `goal` along imports, if `goal` can be reached. */
function pathBetween(graph: Map<string, Set<string>>, start: string, goal: string): string[] | undefined {
  const previous = new Map<string, string>([[start, start]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    if (node === goal) {
      const path = [goal];
      while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
      return path;
    }
    for (const next of graph.get(node) ?? [])
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
  }
  return undefined;
}

function explain(v: IViolation, imports: readonly Import[], graph: Map<string, Set<string>>): string {
  const edge = imports.find((e) => e.from === v.from && e.to === v.to);
  const dynamic = edge?.dynamic ?? false;
  const how = `${dynamic ? "import(" : ""}"${edge?.written ?? v.to}"${dynamic ? ")" : ""}`;
  const lines = [`${v.from}: ${how} (${v.to})`, `  rule ${v.rule.name}: ${v.comment ?? ""}`];
  const [from, to] = [featureOf(v.from), featureOf(v.to)];
  const back = from && to ? pathBetween(graph, to, from) : undefined;
  if (v.rule.name.startsWith("feature-order:") && back)
    lines.push(`  it closes a cycle between features: ${[from, ...back].join(" -> ")}`);
  if (v.rule.name.startsWith("public-face:") && v.rule.name !== "public-face:tables")
    lines.push(
      `  use instead: import … from "${suggestion(v.from, v.to)}" (export it there if it is not yet)`,
    );
  return lines.join("\n");
}

async function report(): Promise<void> {
  const { imports, violations } = await cruiseFeatures(root);
  const { old, fresh } = sortOut(violations, readBaseline());
  const cross = crossFeature(imports);
  const pairs = new Set(cross.map((edge) => `${edge.from} ${edge.to}`));
  const betweenFeatures = cross.filter((edge) => featureOf(edge.from) !== undefined);
  const featurePairs = new Set(betweenFeatures.map((edge) => `${edge.from} ${edge.to}`));
  const deep = cross.filter((edge) => !publicFace.test(edge.to) && edge.from !== "src/features/tables.ts");
  const deepPairs = new Map<string, Set<string>>();
  for (const edge of deep) {
    const kind = kindOf(edge.to);
    if (!deepPairs.has(kind)) deepPairs.set(kind, new Set());
    deepPairs.get(kind)?.add(`${edge.from} ${edge.to}`);
  }
  const graph = featureGraph(imports);
  const byImporter = new Map<string, number>();
  for (const edge of new Set(deep.map((e) => `${e.from} ${e.to}`))) {
    const from = edge.split(" ")[0]!;
    const where = featureOf(from)
      ? "src/features"
      : from
          .split("/")
          .slice(0, from.startsWith("netlify/") ? 2 : 2)
          .join("/");
    byImporter.set(where, (byImporter.get(where) ?? 0) + 1);
  }
  const out = [
    `imports into a feature from outside it (distinct file pairs): ${pairs.size}`,
    `  of which between two features: ${featurePairs.size}`,
    `deep imports (not index.ts, contract/ or screens/index.ts): ${new Set(deep.map((e) => `${e.from} ${e.to}`)).size}`,
    ...[...deepPairs]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, set]) => `  into ${kind}: ${set.size}`),
    `  by importer: ${[...byImporter]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([w, n]) => `${w} ${n}`)
      .join(", ")}`,
    `  of which the rules refuse (public-face): ${violations.filter((v) => v.rule.name.startsWith("public-face:")).length}; the rest are a function's use of an http*/html* edge, a lazily loaded screen file or a tables file naming another's`,
    `back-edges against the order between features (feature-order): ${violations.filter((v) => v.rule.name.startsWith("feature-order:")).length}`,
    `dynamic import() into a feature from outside it: ${cross.filter((e) => e.dynamic).length}`,
    `feature edges (feature -> feature): ${[...graph.values()].reduce((n, set) => n + set.size, 0)}`,
    `pairs of features importing each other: ${mutualPairs(graph).length}`,
    ...mutualPairs(graph).map((pair) => `  ${pair}`),
    `feature-level cycles (elementary): ${countCycles(graph)}`,
    `groups of features in a cycle: ${
      cycleGroups(graph)
        .map((g) => `[${g.join(", ")}]`)
        .join(" ") || "none"
    }`,
    `rule violations: ${violations.length} (${old.length} known in ${baselineFile}, ${fresh.length} new)`,
  ];
  console.log(out.join("\n"));
}

async function check(): Promise<number> {
  const known = readBaseline();
  const { imports, violations } = await cruiseFeatures(root);
  const { fresh, gone } = sortOut(violations, known);
  const graph = featureGraph(imports);
  for (const v of fresh) console.error(explain(v, imports, graph));
  if (gone.length > 0)
    console.error(
      `${gone.length} known violation(s) in ${baselineFile} no longer occur; shrink the baseline: npm run deps:baseline\n` +
        gone.map((v) => `  ${key(v)}`).join("\n"),
    );
  const cycles = cycleGroups(graph);
  if (fresh.length > 0 || gone.length > 0) {
    console.error(`deps:check: ${fresh.length} new violation(s), ${gone.length} stale baseline entr(ies)`);
    return 1;
  }
  const inCycles = cycles.reduce((n, group) => n + group.length, 0);
  const backEdges = known.filter(isBackEdge).length;
  console.log(
    `deps:check: no new violation (${known.length} known in ${baselineFile}, of which back-edges ${backEdges}; features in a cycle: ${inCycles})`,
  );
  return 0;
}

async function baseline(): Promise<void> {
  const known = readBaseline();
  const { violations } = await cruiseFeatures(root);
  const { old, fresh } = sortOut(violations, known);
  // A back-edge is never accepted: the lower feature takes a port from its caller, or the code moves.
  const refused = values["accept-new"] ? fresh.filter(isBackEdge) : [];
  const keep = (values["accept-new"] ? violations.filter((v) => !refused.includes(v)) : old)
    .map((v) => ({
      type: v.type,
      from: v.from,
      to: v.to,
      rule: { severity: "error" as const, name: v.rule.name },
    }))
    .sort((a, b) => `${key(a)} ${a.to}`.localeCompare(`${key(b)} ${b.to}`));
  writeFileSync(join(root, baselineFile), `${JSON.stringify(keep, null, 2)}\n`);
  const added = fresh.length;
  console.log(
    `${baselineFile}: ${keep.length} known violation(s) (was ${known.length})` +
      (added > 0 && !values["accept-new"]
        ? `; ${added} new one(s) NOT added: fix them (npm run deps:check)`
        : "") +
      (refused.length > 0
        ? `; ${refused.length} new back-edge(s) NOT added, never accepted: take a port from the caller, send an event or move the code`
        : ""),
  );
  if (refused.length > 0) process.exitCode = 1;
}

if (command === "report") await report();
else if (command === "check") process.exitCode = await check();
else if (command === "baseline") await baseline();
else {
  console.error(`unknown command ${command}: report, check or baseline`);
  process.exitCode = 2;
}
