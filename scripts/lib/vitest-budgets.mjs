/**
 * A Vitest test's time budget, for the `npm test` summary (scripts/test.mjs): the timeout the test
 * runs under. Vitest's JSON report does not carry it, so it is read from the test file itself with
 * the TypeScript parser: the test's own timeout (`it(title, { timeout }, fn)`, `it(title, fn, ms)`),
 * else that of the nearest `describe` around it that sets one (`describe(title, { timeout }, fn)`),
 * else its project's `testTimeout` (vitest.config.ts, tests/content/vitest.config.ts).
 *
 * A timeout is read when it is a number, a sum or product of numbers, or a `const` of the file
 * holding one; a test whose title is not a plain string (`it.each`, a template with `${}`) or whose
 * timeout is anything else is measured against its project's budget, as before.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** A project's `testTimeout` by the folder its test files are in. */
export function projectBudget(file) {
  if (file.startsWith("tests/integration/")) return 30_000;
  if (file.startsWith("tests/content/")) return 60_000;
  if (file.startsWith("tests/stack/")) return 1_800_000;
  return 5_000; // Vitest's default (tests/unit)
}

const suiteNames = new Set(["describe", "suite"]);
const testNames = new Set(["it", "test"]);

/** Conditional forms whose call returns the test function: `describe.skipIf(cond)(title, fn)`. */
const conditional = new Set(["skipIf", "runIf"]);

/**
 * `it`, `it.concurrent`, `describe.sequential`, `describe.skipIf(…)` → the first name; null for
 * `it.each(…)(…)`.
 */
function calleeName(expr) {
  if (ts.isIdentifier(expr)) return expr.text;
  if (ts.isPropertyAccessExpression(expr)) return calleeName(expr.expression);
  if (
    ts.isCallExpression(expr) &&
    ts.isPropertyAccessExpression(expr.expression) &&
    conditional.has(expr.expression.name.text)
  )
    return calleeName(expr.expression.expression);
  return null;
}

function titleOf(node) {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;
}

/** The milliseconds an expression stands for, or undefined when it is not plain arithmetic. */
function millis(node, constants) {
  if (!node) return undefined;
  if (ts.isNumericLiteral(node)) return Number(node.text.replace(/_/g, ""));
  if (ts.isParenthesizedExpression(node)) return millis(node.expression, constants);
  if (ts.isIdentifier(node)) return constants.get(node.text);
  if (ts.isBinaryExpression(node)) {
    const left = millis(node.left, constants);
    const right = millis(node.right, constants);
    if (left === undefined || right === undefined) return undefined;
    if (node.operatorToken.kind === ts.SyntaxKind.AsteriskToken) return left * right;
    if (node.operatorToken.kind === ts.SyntaxKind.PlusToken) return left + right;
  }
  return undefined;
}

/** `{ timeout: … }` → its milliseconds; a bare number → itself. */
function timeoutIn(node, constants) {
  if (!node) return undefined;
  if (ts.isObjectLiteralExpression(node)) {
    const prop = node.properties.find(
      (p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === "timeout",
    );
    return prop ? millis(prop.initializer, constants) : undefined;
  }
  return millis(node, constants);
}

/** The file's top-level `const NAME = <number>`. */
function numericConstants(file) {
  const constants = new Map();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      const value = ts.isIdentifier(d.name) ? millis(d.initializer, constants) : undefined;
      if (value !== undefined) constants.set(d.name.text, value);
    }
  }
  return constants;
}

/**
 * The budgets a test file sets itself: "describe title › test title" → milliseconds, for every
 * test under a timeout of its own or of a `describe` around it.
 */
export function ownBudgets(source, fileName = "test.ts") {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const constants = numericConstants(file);
  const budgets = new Map();
  const visit = (node, titles, inherited) => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      const title = titleOf(node.arguments[0]);
      if (title !== null && (suiteNames.has(name) || testNames.has(name))) {
        const [, second, third] = node.arguments;
        const own = timeoutIn(ts.isObjectLiteralExpression(second) ? second : third, constants);
        const budget = own ?? inherited;
        if (testNames.has(name)) {
          if (budget !== undefined) budgets.set([...titles, title].join(" › "), budget);
          return;
        }
        for (const arg of node.arguments.slice(1)) visit(arg, [...titles, title], budget);
        return;
      }
    }
    ts.forEachChild(node, (child) => visit(child, titles, inherited));
  };
  visit(file, [], undefined);
  return budgets;
}

const cache = new Map();

/**
 * The budget of the test `titles` (its describes' titles, then its own, as Vitest's JSON report
 * gives them) in `file` (relative to `root`).
 */
export function vitestBudget(root, file, titles) {
  if (!cache.has(file)) {
    let budgets = new Map();
    try {
      budgets = ownBudgets(readFileSync(path.join(root, file), "utf8"), file);
    } catch {
      // A file that cannot be read is measured against its project's budget.
    }
    cache.set(file, budgets);
  }
  return cache.get(file).get(titles.join(" › ")) ?? projectBudget(file);
}

/**
 * The tests that took more than half of their budget in their longest run (they would time out on
 * a busier machine, and a timed-out test's work can run on into the next test), the nearest to
 * their budget first. `tests`: { longestRunMs, budgetMs } (a budget of 0: none known, never listed).
 *
 * @template {{ longestRunMs: number, budgetMs: number }} T
 * @param {T[]} tests
 * @returns {T[]}
 */
export function nearTimeout(tests) {
  return tests
    .filter((t) => t.budgetMs > 0 && t.longestRunMs > t.budgetMs / 2)
    .sort((a, b) => b.longestRunMs / b.budgetMs - a.longestRunMs / a.budgetMs);
}
