/**
 * Size limits, part of `npm run check` (docs/decisions/068-small-pieces-checked.md).
 *
 *   npx tsx scripts/size-check.ts            both checks; prints every piece over its limit
 *   … --root <dir>                           another copy of the repository (the tests use it)
 *
 * What is counted, found with the TypeScript compiler's parser (no type check, so it is fast):
 *
 * - React components (every `.tsx` file under src/): a function whose name starts with a capital
 *   letter (a declaration, or an arrow or function expression given to a `const`, also inside
 *   `memo(…)`/`forwardRef(…)`) and that contains JSX. Its size is the lines from its first line
 *   (the `function` or `const` keyword) to its closing brace, blank lines and comments included.
 *   The limit is 250 lines. Several components in one file are counted one by one; a file's other
 *   code (hooks, helpers, constants) does not count towards a component.
 * - Server functions (`.ts`/`.mts` under src/features except `screens/`, src/platform and
 *   netlify/functions): every function, method, arrow function and function expression, counted
 *   the same way, inner functions included in the outer one's lines. The limit is 80 lines.
 *
 * No piece is allowed over its limit: every one is split into named steps (the last allowances
 * went when the quotes' and invoices' code moved into the billing core).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import ts from "typescript";

export const componentLimit = 250;
export const functionLimit = 80;

type Piece = { file: string; name: string; line: number; lines: number };

function walk(root: string, dir: string, keep: (path: string) => boolean): string[] {
  let entries: string[];
  try {
    entries = readdirSync(join(root, dir));
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries) {
    const path = `${dir}/${entry}`;
    if (statSync(join(root, path)).isDirectory()) out.push(...walk(root, path, keep));
    else if (keep(path)) out.push(path);
  }
  return out;
}

function parse(root: string, file: string): ts.SourceFile {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(
    file,
    readFileSync(join(root, file), "utf8"),
    ts.ScriptTarget.Latest,
    true,
    kind,
  );
}

function span(source: ts.SourceFile, node: ts.Node): { line: number; lines: number } {
  const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
  return { line: first + 1, lines: last - first + 1 };
}

function hasJsx(node: ts.Node): boolean {
  if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) return true;
  return ts.forEachChild(node, hasJsx) ?? false;
}

/** The function a `const Name = …` holds, looking through `memo(…)` and `forwardRef(…)`. */
function heldFunction(init: ts.Expression | undefined): ts.FunctionLikeDeclaration | undefined {
  if (!init) return undefined;
  if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
  if (ts.isCallExpression(init)) return init.arguments.map(heldFunction).find(Boolean);
  return undefined;
}

export function components(root: string): Piece[] {
  const found: Piece[] = [];
  for (const file of walk(root, "src", (path) => path.endsWith(".tsx"))) {
    const source = parse(root, file);
    const visit = (node: ts.Node): void => {
      let name: string | undefined;
      let fn: ts.FunctionLikeDeclaration | undefined;
      let outer: ts.Node = node;
      if (ts.isFunctionDeclaration(node) && node.name) [name, fn] = [node.name.text, node];
      else if (ts.isVariableStatement(node))
        for (const decl of node.declarationList.declarations)
          if (ts.isIdentifier(decl.name) && heldFunction(decl.initializer))
            [name, fn, outer] = [decl.name.text, heldFunction(decl.initializer), node];
      if (name && fn && /^[A-Z]/.test(name) && hasJsx(fn)) found.push({ file, name, ...span(source, outer) });
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.filter((piece) => piece.lines > componentLimit);
}

const serverFile = (path: string): boolean =>
  /\.(ts|mts)$/.test(path) && !path.endsWith(".d.ts") && !/^src\/features\/[^/]+\/screens\//.test(path);

function functionName(node: ts.FunctionLikeDeclaration): string {
  if (node.name && !ts.isComputedPropertyName(node.name)) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isExportAssignment(parent)) return "default export";
  if (ts.isCallExpression(parent)) return `function given to ${parent.expression.getText().slice(0, 40)}`;
  return "anonymous function";
}

export function serverFunctions(root: string): Piece[] {
  const files = ["src/features", "src/platform", "netlify/functions"].flatMap((dir) =>
    walk(root, dir, serverFile),
  );
  const found: Piece[] = [];
  for (const file of files) {
    const source = parse(root, file);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && "body" in node && node.body) {
        const { line, lines } = span(source, node);
        if (lines > functionLimit)
          found.push({ file, name: functionName(node as ts.FunctionLikeDeclaration), line, lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function report(title: string, limit: number, over: Piece[]): number {
  for (const piece of over)
    console.error(`${piece.file}:${piece.line}: ${piece.name} is ${piece.lines} lines (limit ${limit})`);
  console.log(`${title}: ${over.length} over ${limit} lines`);
  return over.length;
}

export function check(root: string): number {
  return (
    report("components", componentLimit, components(root)) +
    report("server functions", functionLimit, serverFunctions(root))
  );
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { values } = parseArgs({ options: { root: { type: "string" } } });
  const root = resolve(values.root ?? ".");
  const failures = check(root);
  if (failures > 0) console.error(`size-check: ${failures} problem(s) in ${relative(".", root) || "."}`);
  process.exitCode = failures > 0 ? 1 : 0;
}
