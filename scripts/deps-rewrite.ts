/**
 * `npm run deps:rewrite -- [--feature <name>] [--dry] [--faces-only]`: rewrites every import that reaches inside
 * another feature (deps:check's public-face rules) to that feature's public face, and adds what it
 * imports to the face (docs/decisions/062-feature-public-faces.md):
 *
 *   import { list } from "../requests/repository"      → import { list } from "../requests"
 *   await import("../../features/reviews/service-public") → await import("../../features/reviews")
 *   import { QuotesPanel } from "../../quotes/screens/QuotesPanel" → "../../quotes/screens"
 *
 * and `src/features/requests/index.ts` gains `export { list } from "./repository";`. A namespace
 * import (`import * as quotes from …/service`) gains the names the file reads from it. Each
 * index.ts stays a plain, sorted list of re-exports, so a merge is resolved by keeping both sides'
 * lines (`--faces-only` writes the faces and leaves the importers). Two files of one feature exporting one name to outsiders cannot share its face: such
 * imports are left alone and printed (rename one, then run this again). Then run prettier.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, posix, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import ts from "typescript";
import { cruiseFeatures, featureOf, kindOf } from "./lib/feature-graph";

const { values } = parseArgs({
  options: {
    root: { type: "string" },
    feature: { type: "string" },
    dry: { type: "boolean" },
    "faces-only": { type: "boolean" },
  },
});
const root = resolve(values.root ?? ".");

interface Use {
  readonly file: string;
  /** Where the specifier's string literal starts and ends in the file (quotes excluded). */
  readonly start: number;
  readonly end: number;
  readonly written: string;
  readonly target: string;
  readonly names: ReadonlyMap<string, boolean>;
}

/** The face a deep target belongs to: the feature's index.ts, or its screens/index.ts. */
const faceOf = (target: string): string =>
  `src/features/${featureOf(target)}/${kindOf(target) === "screens" ? "screens/" : ""}index.ts`;

function specifierFor(from: string, face: string, written: string): string {
  let path = relative(posix.dirname(from), face).split("\\").join("/");
  if (!path.startsWith(".")) path = `./${path}`;
  return written.endsWith(".ts") ? path : path.replace(/\/index\.ts$/, "");
}

/** Names a file takes from one specifier (name → type only), found in its syntax tree. */
function usesIn(
  file: string,
  text: string,
  written: string,
): { start: number; end: number; names: Map<string, boolean> }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { start: number; end: number; names: Map<string, boolean> }[] = [];
  const namespaceReads = (name: string): string[] => {
    const reads = new Set<string>();
    const visit = (node: ts.Node): void => {
      if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === name
      )
        reads.add(node.name.text);
      if (ts.isQualifiedName(node) && ts.isIdentifier(node.left) && node.left.text === name)
        reads.add(node.right.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
    return [...reads];
  };
  const literal = (node: ts.Node): ts.StringLiteral | undefined =>
    ts.isStringLiteral(node) && node.text === written ? node : undefined;
  const visit = (node: ts.Node): void => {
    const names = new Map<string, boolean>();
    let spec: ts.StringLiteral | undefined;
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      spec = literal(node.moduleSpecifier);
      if (spec && ts.isImportDeclaration(node)) {
        const clause = node.importClause;
        const typeOnly = clause?.isTypeOnly ?? false;
        if (clause?.name) names.set("default", typeOnly);
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings))
          for (const el of bindings.elements)
            names.set((el.propertyName ?? el.name).text, typeOnly || el.isTypeOnly);
        if (bindings && ts.isNamespaceImport(bindings))
          for (const read of namespaceReads(bindings.name.text)) names.set(read, typeOnly);
      } else if (spec && ts.isExportDeclaration(node)) {
        const clause = node.exportClause;
        if (clause && ts.isNamedExports(clause))
          for (const el of clause.elements)
            names.set((el.propertyName ?? el.name).text, node.isTypeOnly || el.isTypeOnly);
        else names.set("*", node.isTypeOnly);
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      spec = node.arguments[0] ? literal(node.arguments[0]) : undefined;
      if (spec) {
        // const { a, b } = await import("x")  or  (await import("x")).a  or  import("x").then((m) => m.a)
        let outer: ts.Node = node.parent;
        if (ts.isAwaitExpression(outer)) outer = outer.parent;
        while (ts.isParenthesizedExpression(outer)) outer = outer.parent;
        if (ts.isVariableDeclaration(outer) && ts.isObjectBindingPattern(outer.name))
          for (const el of outer.name.elements)
            names.set(
              ((el.propertyName as ts.Identifier | undefined) ?? (el.name as ts.Identifier)).text,
              false,
            );
        else if (ts.isPropertyAccessExpression(outer)) names.set(outer.name.text, false);
        else names.set("?", false);
      }
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      spec = ts.isLiteralTypeNode(arg) ? literal(arg.literal) : undefined;
      if (spec)
        names.set(node.qualifier && ts.isIdentifier(node.qualifier) ? node.qualifier.text : "?", true);
    }
    if (spec) found.push({ start: spec.getStart(source) + 1, end: spec.getEnd() - 1, names });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The re-exports an index.ts holds: module → name → type only. */
function readFace(path: string): Map<string, Map<string, boolean>> {
  const face = new Map<string, Map<string, boolean>>();
  if (!existsSync(path)) return face;
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  for (const st of source.statements) {
    if (!ts.isExportDeclaration(st) || !st.moduleSpecifier || !ts.isStringLiteral(st.moduleSpecifier))
      continue;
    const names = face.get(st.moduleSpecifier.text) ?? new Map<string, boolean>();
    if (st.exportClause && ts.isNamedExports(st.exportClause))
      for (const el of st.exportClause.elements)
        names.set(
          el.propertyName ? `${el.propertyName.text} as ${el.name.text}` : el.name.text,
          st.isTypeOnly || el.isTypeOnly,
        );
    face.set(st.moduleSpecifier.text, names);
  }
  return face;
}

/** The names a module declares as types only (interfaces, type aliases, `export type { … }`). */
function typeNames(path: string): Set<string> {
  const names = new Set<string>();
  for (const file of [`${path}.ts`, `${path}.tsx`]) {
    if (!existsSync(file)) continue;
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    for (const st of source.statements) {
      if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) names.add(st.name.text);
      if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause))
        for (const el of st.exportClause.elements)
          if (st.isTypeOnly || el.isTypeOnly) names.add(el.name.text);
    }
  }
  return names;
}

function writeFace(path: string, face: Map<string, Map<string, boolean>>, header: string): void {
  const lines = [...face]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([module, names]) => {
      const types = typeNames(join(posix.dirname(path), module));
      const list = [...names]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, typeOnly]) => (typeOnly || types.has(name) ? `type ${name}` : name));
      return `export { ${list.join(", ")} } from "${module}";`;
    });
  writeFileSync(path, `${header}\n${lines.join("\n")}\n`);
}

const header = (feature: string, screens: boolean): string =>
  screens
    ? `/**\n * The ${feature} feature's admin screens that other features' screens show (docs/decisions/062-feature-public-faces.md).\n * A plain list of re-exports; the admin's routes load a screen file lazily instead, one chunk each.\n */`
    : `/**\n * The ${feature} feature's public face: what other features, netlify/functions, scripts and the\n * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.\n */`;

async function main(): Promise<void> {
  const { imports, violations } = await cruiseFeatures(root);
  const deep = violations.filter(
    (v) => v.rule.name.startsWith("public-face:") && v.rule.name !== "public-face:tables",
  );
  const uses: Use[] = [];
  const texts = new Map<string, string>();
  for (const v of deep) {
    if (values.feature && featureOf(v.to) !== values.feature) continue;
    const edges = imports.filter((e) => e.from === v.from && e.to === v.to);
    const text = texts.get(v.from) ?? readFileSync(join(root, v.from), "utf8");
    texts.set(v.from, text);
    for (const edge of new Set(edges.map((e) => e.written)))
      for (const use of usesIn(v.from, text, edge))
        uses.push({ file: v.from, written: edge, target: v.to, ...use });
  }
  // name → the module it comes from, per face; a name from two modules cannot share the face.
  const faces = new Map<string, Map<string, Map<string, boolean>>>();
  const skipped: string[] = [];
  const ok: Use[] = [];
  for (const use of uses) {
    const facePath = faceOf(use.target);
    const face = faces.get(facePath) ?? readFace(join(root, facePath));
    faces.set(facePath, face);
    const module = `./${posix.relative(posix.dirname(facePath), use.target).replace(/\.tsx?$/, "")}`;
    const clash = [...use.names.keys()].find(
      (name) =>
        ["*", "?", "default"].includes(name) ||
        [...face].some(([other, names]) => other !== module && names.has(name)),
    );
    if (clash) {
      skipped.push(
        `${use.file}: "${use.written}" (${clash === "*" || clash === "?" ? "not named" : `${clash} is also exported by another file of the feature`})`,
      );
      continue;
    }
    const names = face.get(module) ?? new Map<string, boolean>();
    for (const [name, typeOnly] of use.names) names.set(name, (names.get(name) ?? true) && typeOnly);
    face.set(module, names);
    ok.push(use);
  }
  const byFile = new Map<string, Use[]>();
  for (const use of ok) byFile.set(use.file, [...(byFile.get(use.file) ?? []), use]);
  for (const [file, list] of byFile) {
    let text = texts.get(file)!;
    for (const use of [...list].sort((a, b) => b.start - a.start))
      text =
        text.slice(0, use.start) + specifierFor(file, faceOf(use.target), use.written) + text.slice(use.end);
    if (!values.dry && !values["faces-only"]) writeFileSync(join(root, file), text);
  }
  for (const [facePath, face] of faces)
    if (!values.dry)
      writeFace(
        join(root, facePath),
        face,
        header(featureOf(facePath)!, facePath.endsWith("screens/index.ts")),
      );
  console.log(`rewrote ${ok.length} import(s) in ${byFile.size} file(s); ${faces.size} face(s) written`);
  if (skipped.length > 0) console.log(`left alone (${skipped.length}):\n  ${skipped.join("\n  ")}`);
}

await main();
