/**
 * Unused exports, part of `npm run check` (docs/decisions/068-small-pieces-checked.md).
 *
 *   npx tsx scripts/exports-check.ts         prints every exported name nobody imports; fails on any
 *   … --root <dir>                           another copy of the repository (the tests use it)
 *
 * Read with the TypeScript compiler's parser and module resolution (no type check, so it is fast):
 * every import in src/, netlify/, tests/, scripts/, integrations/ and the root config files, in
 * .ts/.tsx/.mts/.js/.mjs files and in the frontmatter and <script> blocks of .astro files, is
 * followed to the file it names; `export { x } from` and `export * from` pass a use on to the file
 * they re-export. A name counts as used when another file imports it (a test's import counts: a
 * test is a reader too); a namespace import, `import()` of a module, or `typeof import(…)` without
 * a member uses all of that module's exports.
 *
 * Checked are the exports of src/ and netlify/functions/ (.ts/.tsx/.mts), except what a framework
 * reads by name: the pages and endpoints under src/pages/, src/middleware.ts (`onRequest`),
 * src/content.config.ts (`collections`), and each function's `default` and `config`.
 *
 * An export the file itself reads (a type in an exported signature, a helper also used here) is
 * not reported: the check finds dead code, not visibility. `allowed` names the only unused
 * exports that may stay for now (none today); the list may only shrink (an entry that is no
 * longer unused is reported as stale).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import ts from "typescript";

const readers = ["src", "netlify", "tests", "scripts", "integrations"];
const rootFiles = /^[^/]+\.(config\.)?(ts|mts|mjs|js)$/;
const code = /\.(ts|tsx|mts|mjs|js|astro)$/;
const skipped = new Set(["node_modules", "dist", ".astro", ".netlify", ".data"]);

/** What a framework reads by name: file pattern → names it needs (empty: every name). */
const frameworkEntries: [RegExp, string[]][] = [
  [/^src\/pages\//, []],
  [/^src\/middleware\.ts$/, ["onRequest"]],
  [/^src\/content\.config\.ts$/, ["collections"]],
  [/^netlify\/functions\/[^/]+\.m?ts$/, ["default", "config"]],
  [/^netlify\/edge-functions\/[^/]+\.m?ts$/, ["default", "config"]],
];

/** "file name" → why it may stay unused for now. */
const allowed: Record<string, string> = {};

const checked = (file: string): boolean =>
  /^(src|netlify\/functions)\//.test(file) && /\.(ts|tsx|mts)$/.test(file) && !file.endsWith(".d.ts");

type Module = {
  /** Names this file declares and exports. */
  own: Map<string, number>;
  /** Name → [file, name there] for `export { a as b } from "…"`. */
  forwarded: Map<string, [string, string]>;
  /** Files whose every export this file re-exports (`export * from`). */
  starFrom: string[];
  /** Names the file itself reads, besides declaring and exporting them. */
  readHere: Set<string>;
};

export type Unused = { file: string; name: string; line: number };

function walk(root: string, dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(join(root, dir));
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (skipped.has(entry)) return [];
    const path = dir ? `${dir}/${entry}` : entry;
    if (statSync(join(root, path)).isDirectory()) return dir ? walk(root, path) : [];
    return code.test(entry) && (dir || rootFiles.test(entry)) ? [path] : [];
  });
}

/** The TypeScript in an .astro file: its frontmatter and its <script> blocks. */
function astroCode(text: string): string {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? "";
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
  return [front, ...scripts].join("\n");
}

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  allowImportingTsExtensions: true,
  jsx: ts.JsxEmit.ReactJSX,
};

export function unusedExports(root: string): Unused[] {
  const files = readers.flatMap((dir) => walk(root, dir)).concat(walk(root, ""));
  const modules = new Map<string, Module>();
  const used = new Set<string>(); // "file\0name", or "file\0*" for every name
  const cache = ts.createModuleResolutionCache(root, (s) => s, options);
  const resolveFrom = (from: string, spec: string): string | undefined => {
    if (!spec.startsWith(".")) return undefined;
    const found = ts.resolveModuleName(spec, join(root, from), options, ts.sys, cache).resolvedModule;
    const path = found ? relative(root, found.resolvedFileName) : undefined;
    return path && !path.startsWith("..") && !path.includes("node_modules") ? path : undefined;
  };
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8");
    const source = ts.createSourceFile(
      file,
      file.endsWith(".astro") ? astroCode(text) : text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".astro") ? ts.ScriptKind.TS : undefined,
    );
    modules.set(file, readModule(source, file, resolveFrom, used));
  }
  return collect(modules, used);
}

function exported(node: ts.Node): boolean {
  return (ts.getCombinedModifierFlags(node as ts.Declaration) & ts.ModifierFlags.Export) !== 0;
}

function declaredNames(node: ts.Statement): string[] {
  if (ts.isVariableStatement(node))
    return node.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  const named = node as ts.DeclarationStatement;
  const isDefault = (ts.getCombinedModifierFlags(named) & ts.ModifierFlags.Default) !== 0;
  if (isDefault) return ["default"];
  return named.name && ts.isIdentifier(named.name) ? [named.name.text] : [];
}

function readModule(
  source: ts.SourceFile,
  file: string,
  resolveFrom: (from: string, spec: string) => string | undefined,
  used: Set<string>,
): Module {
  const mod: Module = { own: new Map(), forwarded: new Map(), starFrom: [], readHere: readHere(source) };
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const use = (target: string | undefined, name: string) => {
    if (target) used.add(`${target}\0${name}`);
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const target = resolveFrom(file, statement.moduleSpecifier.text);
      const clause = statement.importClause;
      if (clause?.name) use(target, "default");
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) use(target, "*");
      if (bindings && ts.isNamedImports(bindings))
        for (const el of bindings.elements) use(target, (el.propertyName ?? el.name).getText(source));
    } else if (ts.isExportDeclaration(statement)) {
      const target = statement.moduleSpecifier
        ? resolveFrom(file, (statement.moduleSpecifier as ts.StringLiteral).text)
        : undefined;
      const clause = statement.exportClause;
      if (!clause && target) mod.starFrom.push(target);
      else if (clause && ts.isNamespaceExport(clause)) {
        mod.own.set(clause.name.getText(source), line(statement));
        use(target, "*");
      } else if (clause && ts.isNamedExports(clause))
        for (const el of clause.elements) {
          const name = el.name.getText(source);
          const local = (el.propertyName ?? el.name).getText(source);
          if (statement.moduleSpecifier) {
            if (target) mod.forwarded.set(name, [target, local]);
          } else mod.own.set(name, line(el));
        }
    } else if (ts.isExportAssignment(statement)) mod.own.set("default", line(statement));
    else if (exported(statement))
      for (const name of declaredNames(statement)) mod.own.set(name, line(statement));
  }
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) use(resolveFrom(file, arg.text), "*");
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) {
        const target = resolveFrom(file, literal.text);
        use(target, node.qualifier ? node.qualifier.getText(source).split(".")[0]! : "*");
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return mod;
}

/** A name's own declaration, a member name or an export list do not read it. */
function isRead(id: ts.Identifier): boolean {
  const parent = id.parent;
  if (ts.isExportSpecifier(parent)) return false;
  if (ts.isPropertyAccessExpression(parent) && parent.name === id) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === id) return false;
  const declaration =
    ts.isFunctionDeclaration(parent) ||
    ts.isClassDeclaration(parent) ||
    ts.isInterfaceDeclaration(parent) ||
    ts.isTypeAliasDeclaration(parent) ||
    ts.isEnumDeclaration(parent) ||
    ts.isVariableDeclaration(parent);
  return !(declaration && (parent as ts.NamedDeclaration).name === id);
}

function readHere(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && isRead(node)) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** Passes each use on through re-exports, then lists the checked exports nobody uses. */
function collect(modules: Map<string, Module>, used: Set<string>): Unused[] {
  const queue = [...used];
  const mark = (key: string) => {
    if (!used.has(key)) {
      used.add(key);
      queue.push(key);
    }
  };
  while (queue.length > 0) {
    const [file, name] = queue.pop()!.split("\0") as [string, string];
    const mod = modules.get(file);
    if (!mod) continue;
    if (name === "*") {
      for (const [target, local] of mod.forwarded.values()) mark(`${target}\0${local}`);
      for (const target of mod.starFrom) mark(`${target}\0*`);
      continue;
    }
    const forward = mod.forwarded.get(name);
    if (forward) mark(`${forward[0]}\0${forward[1]}`);
    else if (!mod.own.has(name)) for (const target of mod.starFrom) mark(`${target}\0${name}`);
  }
  const unused: Unused[] = [];
  for (const [file, mod] of modules) {
    if (!checked(file) || used.has(`${file}\0*`)) continue;
    const entry = frameworkEntries.find(([pattern]) => pattern.test(file));
    if (entry && entry[1].length === 0) continue;
    for (const [name, line] of mod.own)
      if (!used.has(`${file}\0${name}`) && !mod.readHere.has(name) && !entry?.[1].includes(name))
        unused.push({ file, name, line });
  }
  return unused.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { values } = parseArgs({ options: { root: { type: "string" } } });
  const root = resolve(values.root ?? ".");
  const found = unusedExports(root);
  const key = (u: Unused) => `${u.file} ${u.name}`;
  const unused = found.filter((u) => !(key(u) in allowed));
  const stale = Object.keys(allowed).filter((k) => !found.some((u) => key(u) === k));
  for (const u of unused)
    console.error(`${u.file}:${u.line}: ${u.name} is exported but no other file imports it`);
  for (const k of stale)
    console.error(`stale allowance: ${k} is used or gone; delete it from scripts/exports-check.ts`);
  const waived = found.length - unused.length;
  console.log(
    unused.length === 0
      ? `exports-check: every export is imported somewhere (${waived} allowed for now)`
      : `exports-check: ${unused.length} unused export(s): delete them (or drop \`export\` if only this file reads them)`,
  );
  process.exitCode = unused.length + stale.length > 0 ? 1 : 0;
}
