/**
 * The import graph between features, resolved the way the bundlers resolve it (dependency-cruiser
 * with the repository's tsconfig): static and dynamic `import()`, `.ts`-suffixed specifiers, type
 * imports, every file under src/, netlify/functions/, scripts/ and integrations/ and the Astro
 * config. Used by `npm run deps:report` (figures) and `npm run deps:check` (the rule), see
 * docs/decisions/062-feature-public-faces.md.
 */
import { cruise, type ICruiseResult, type IForbiddenRuleType, type IViolation } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { existsSync, readdirSync } from "node:fs";
import { join, posix, relative } from "node:path";

/** What is checked; tests/ may reach inside a feature (it tests the parts). */
export const scanned = ["src", "netlify/functions", "scripts", "integrations", "astro.config.mjs"];

/**
 * The features, lowest first: a feature imports only features before it in this list, so a cycle
 * between features cannot form. A lower feature that must tell a higher one about something takes
 * a function from its caller (a port), never an import; a piece both need moves below both
 * (src/lib, src/platform, or the lower feature's contract). mail sits below admin-auth (the
 * sign-in alert is an e-mail; mail needs nothing of the sign-in) and person-tools below
 * customer-page (the page's erasure uses it; it needs nothing of the page): see
 * docs/decisions/067-no-cycles-between-features.md. request-actions (the owner's actions on a
 * request that reach the features above requests) sits above all it calls: decision 073.
 */
export const featureOrder = [
  "rate-limits",
  "business",
  "mail",
  "admin-auth",
  "push",
  "photos",
  "site-content",
  "requests",
  "reviews",
  "appointments",
  "schedule",
  "billing",
  "quotes",
  "invoices",
  "payments",
  "customers",
  "person-tools",
  "customer-page",
  "request-actions",
  "housekeeping",
] as const;

/** The public face of a feature: `index.ts` (server), `contract/**` (browser-safe), `screens/index.ts`. */
export const publicFace = /^src\/features\/([\w-]+)\/(index\.ts|contract\/.+|screens\/index\.ts)$/;
const inFeature = /^src\/features\/([\w-]+)\//;

/** The HTTP edge's callers: the functions, Astro's middleware and a feature's own HTTP edge. */
const httpCallers = "^(netlify/functions/|src/middleware\\.ts$|src/features/[\\w-]+/http[\\w-]*\\.ts$)";

export const featureOf = (path: string): string | undefined => inFeature.exec(path)?.[1];

/** What a file in a feature is, by its folder and the first word of its name. */
export function kindOf(path: string): string {
  const rest = path.replace(inFeature, "");
  if (rest === "index.ts") return "index";
  const top = rest.split("/")[0] ?? "";
  if (top === "contract" || top === "screens") return top;
  const word = /^([a-z]+)/.exec(top)?.[1] ?? top;
  return ["repository", "tables", "service", "http", "html", "mail"].includes(word) ? word : "other";
}

export interface Import {
  readonly from: string;
  readonly to: string;
  /** The specifier as written in the importing file. */
  readonly written: string;
  readonly dynamic: boolean;
}

export interface Cruised {
  readonly imports: readonly Import[];
  readonly violations: readonly IViolation[];
  readonly features: readonly string[];
}

/** The feature folders that exist under `root` (each a folder of src/features/). */
export function featureFolders(root: string): string[] {
  const dir = join(root, "src/features");
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const publicHint = "index\\.ts$|contract/|screens/index\\.ts$";

/** The rules, one per feature so that each message names the module to import instead. */
export function rules(features: readonly string[]): IForbiddenRuleType[] {
  const order: readonly string[] = featureOrder;
  const faces: IForbiddenRuleType[] = features.flatMap((feature): IForbiddenRuleType[] => {
    const rule = {
      name: `public-face:${feature}`,
      severity: "error",
      comment: `Import src/features/${feature}/index.ts (server code), its contract/ or its screens/index.ts (a function also its http*/html* edge), never another file inside the feature.`,
    } as const;
    const from = [`^src/features/${feature}/`, "^src/features/tables\\.ts$"];
    const inside = `^src/features/${feature}/`;
    const face = `^src/features/${feature}/(${publicHint})`;
    const screenFile = `^src/features/${feature}/screens/[\\w-]+\\.tsx$`;
    const tablesFile = "^src/features/[\\w-]+/tables[\\w-]*\\.ts$";
    return [
      // Statically: only the public face.
      {
        ...rule,
        from: { pathNot: [...from, tablesFile, httpCallers] },
        to: { path: inside, pathNot: face, dynamic: false },
      },
      // A function (and Astro's middleware, the preview's gate) is the HTTP edge's caller: it may
      // also use the feature's http*/html* files, which index.ts leaves out so that no service
      // reaches HTTP through a face.
      {
        ...rule,
        from: { path: httpCallers, pathNot: from },
        to: { path: inside, pathNot: [face, `^src/features/${feature}/(http|html)[\\w-]*\\.ts$`] },
      },
      // The schema is one graph of foreign keys that drizzle-kit loads on its own: a tables file
      // names another feature's tables file directly, and nothing else inside it.
      {
        ...rule,
        from: { path: tablesFile, pathNot: from },
        to: { path: inside, pathNot: [face, `^src/features/${feature}/tables[\\w-]*\\.ts$`] },
      },
      // Lazily (one chunk per screen): the admin's frame and other screens may load a screen
      // component file; any other dynamic import() goes through the public face too.
      {
        ...rule,
        from: { pathNot: [...from, httpCallers, "^src/admin/", "^src/features/[\\w-]+/screens/"] },
        to: { path: inside, pathNot: face, dynamic: true },
      },
      {
        ...rule,
        from: { path: ["^src/admin/", "^src/features/[\\w-]+/screens/"], pathNot: from },
        to: { path: inside, pathNot: [face, screenFile], dynamic: true },
      },
    ];
  });
  const tablesIndex: IForbiddenRuleType = {
    name: "public-face:tables",
    severity: "error",
    comment: "src/features/tables.ts gathers the features' tables*.ts files only.",
    from: { path: "^src/features/tables\\.ts$" },
    to: { path: "^src/features/", pathNot: "^src/features/[\\w-]+/tables[\\w-]*\\.ts$" },
  };
  const orderRules: IForbiddenRuleType[] = features.map((feature) => {
    const below = order.slice(0, Math.max(0, order.indexOf(feature)));
    const higher = features.filter((other) => other !== feature && !below.includes(other));
    return {
      name: `feature-order:${feature}`,
      severity: "error",
      comment: `${feature} may import only the features below it (${below.join(", ") || "none"}); to tell a higher feature, take a function from the caller (a port) or move the code.`,
      from: { path: `^src/features/${feature}/` },
      to: { path: higher.length > 0 ? `^src/features/(${higher.join("|")})/` : "^$" },
    };
  });
  const unordered: IForbiddenRuleType = {
    name: "feature-order:unlisted",
    severity: "error",
    comment: "Every feature folder is named in featureOrder (scripts/lib/feature-graph.ts), at its place.",
    from: { path: `^src/features/(?!(${order.join("|")})/)[\\w-]+/` },
    to: { path: "^src/features/[\\w-]+/" },
  };
  return [...faces, tablesIndex, ...orderRules, unordered];
}

/** Cruises the code under `root` and applies the rules (the baseline is scripts/deps.ts's business). */
export async function cruiseFeatures(root: string): Promise<Cruised> {
  const features = featureFolders(root);
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const targets = scanned.filter((path) => existsSync(path));
    const result = await cruise(
      targets,
      {
        validate: true,
        ruleSet: { forbidden: rules(features) },
        exclude: { path: "(^|/)node_modules/|\\.d\\.ts$" },
        // tests/ may reach inside a feature: what it imports is not followed.
        doNotFollow: { path: "(^|/)node_modules/|^tests/" },
        tsPreCompilationDeps: true,
        enhancedResolveOptions: {
          extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".json"],
          exportsFields: ["exports"],
          conditionNames: ["import", "require", "node", "default"],
        },
      },
      { extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".json"] },
      { tsConfig: extractTSConfig("tsconfig.json") },
    );
    const output = result.output as ICruiseResult;
    const inScope = (path: string): boolean =>
      scanned.some((top) => path === top || path.startsWith(`${top}/`));
    const imports = output.modules
      .filter((module) => inScope(module.source))
      .flatMap((module) =>
        module.dependencies
          .filter((dep) => !dep.couldNotResolve && !dep.coreModule && !/node_modules\//.test(dep.resolved))
          .map((dep) => ({
            from: module.source,
            to: dep.resolved,
            written: dep.module,
            dynamic: dep.dynamic,
          })),
      );
    return { imports, violations: output.summary.violations, features };
  } finally {
    process.chdir(cwd);
  }
}

/** The import to write instead of a deep one: the feature's index.ts, relative to the importer. */
export function suggestion(from: string, to: string): string {
  const feature = featureOf(to);
  if (!feature) return to;
  const target =
    kindOf(to) === "screens"
      ? `src/features/${feature}/screens/index.ts`
      : `src/features/${feature}/index.ts`;
  let path = relative(posix.dirname(from), target).split("\\").join("/");
  if (!path.startsWith(".")) path = `./${path}`;
  return path.replace(/\/index\.ts$/, "");
}

/** Imports whose two ends sit in different features, or whose importer sits outside any feature. */
export function crossFeature(imports: readonly Import[]): Import[] {
  return imports.filter((edge) => {
    const to = featureOf(edge.to);
    return to !== undefined && featureOf(edge.from) !== to;
  });
}

/** Feature → the features it imports. */
export function featureGraph(imports: readonly Import[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const edge of imports) {
    const from = featureOf(edge.from);
    const to = featureOf(edge.to);
    if (!from || !to || from === to) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)?.add(to);
  }
  return graph;
}

/** Pairs of features that import each other (each pair once, sorted). */
export function mutualPairs(graph: Map<string, Set<string>>): string[] {
  const pairs: string[] = [];
  for (const [a, targets] of graph)
    for (const b of targets) if (a < b && graph.get(b)?.has(a)) pairs.push(`${a} <-> ${b}`);
  return pairs.sort();
}

/** Strongly connected groups of more than one feature (Tarjan): each is one or more cycles. */
export function cycleGroups(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const meta = new Map<string, { index: number; low: number; onStack: boolean }>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    meta.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const seen = meta.get(next);
      const mine = meta.get(node)!;
      if (!seen) {
        visit(next);
        mine.low = Math.min(mine.low, meta.get(next)!.low);
      } else if (seen.onStack) mine.low = Math.min(mine.low, seen.index);
    }
    const mine = meta.get(node)!;
    if (mine.low !== mine.index) return;
    const group: string[] = [];
    let top: string | undefined;
    do {
      top = stack.pop();
      if (top === undefined) break;
      meta.get(top)!.onStack = false;
      group.push(top);
    } while (top !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of graph.keys()) if (!meta.has(node)) visit(node);
  return groups;
}

/** Elementary cycles between features (Johnson's bound is not needed at this size: a plain DFS). */
export function countCycles(graph: Map<string, Set<string>>, limit = 100_000): number {
  const nodes = [...graph.keys()].sort();
  let count = 0;
  for (let start = 0; start < nodes.length; start += 1) {
    const origin = nodes[start]!;
    const allowed = new Set(nodes.slice(start));
    const path = new Set<string>([origin]);
    const walk = (node: string): void => {
      for (const next of graph.get(node) ?? []) {
        if (count >= limit) return;
        if (next === origin) count += 1;
        else if (allowed.has(next) && !path.has(next)) {
          path.add(next);
          walk(next);
          path.delete(next);
        }
      }
    };
    walk(origin);
  }
  return count;
}
