/**
 * `npm run size:admin`: the JavaScript each admin screen loads, from the production build in
 * dist/ (run `npm run build` first), as gzip and brotli bytes (what Netlify's CDN sends). A screen
 * loads the shell (the admin pages' scripts and everything they import) plus its own chunk and
 * what that imports; chunks shared with the shell count once. docs/decisions/023-admin-app.md.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

const dir = "dist/_astro";
const files = readdirSync(dir).filter((f) => f.endsWith(".js"));
const shellHtml = readFileSync("dist/admin.html", "utf8");
// The admin page's scripts: the first one, which starts the first screen's calls, and the app.
const entries = [...shellHtml.matchAll(/src="\/_astro\/([^"]+\.js)"/g)].map((m) => m[1]!);
if (entries.length === 0) throw new Error("dist/admin.html names no script: build first (npm run build)");

/** The chunks a chunk imports statically (loaded before it runs). */
function staticImports(file: string): string[] {
  const code = readFileSync(join(dir, file), "utf8");
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) found.add(m[1]!);
  return [...found];
}

function closure(start: string, into = new Set<string>()): Set<string> {
  if (into.has(start)) return into;
  into.add(start);
  for (const dep of staticImports(start)) closure(dep, into);
  return into;
}

const sizes = (set: Set<string>) => {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const f of set) {
    const bytes = readFileSync(join(dir, f));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes).length;
  }
  return { raw, gzip, brotli };
};

const chunk = (name: string) => {
  const file = files.find((f) => f.startsWith(`${name}.`));
  if (!file) throw new Error(`no chunk for ${name} in ${dir}`);
  return file;
};

const shell = new Set<string>();
for (const entry of entries) closure(entry, shell);
const screens: [string, string[]][] = [
  ["sign-in", ["LoginForm"]],
  ["dashboard", ["Dashboard"]],
  ["inbox", ["InboxScreen"]],
  ["request (over the inbox)", ["InboxScreen", "RequestRoute"]],
  ["request with its quote", ["InboxScreen", "RequestRoute", "QuotesPanel"]],
  ["quote editor (opened)", ["InboxScreen", "RequestRoute", "QuotesPanel", "QuoteEditor"]],
  ["testimonials", ["TestimonialsScreen"]],
  ["availability", ["AvailabilityScreen"]],
  ["personal data", ["PersonToolsScreen"]],
  ["price list", ["PriceListScreen"]],
  ["money", ["MoneyScreen"]],
  ["notifications", ["NotificationsScreen"]],
  ["schedule", ["ScheduleScreen"]],
  ["run sheet", ["RunSheetScreen"]],
  ["customers", ["CustomersScreen"]],
  ["customer", ["CustomerRoute"]],
  ["new job", ["NewJobScreen"]],
];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const s = sizes(shell);
console.log(
  `admin shell (${shell.size} files): ${kb(s.gzip)} gzip, ${kb(s.brotli)} brotli, ${kb(s.raw)} raw`,
);
console.log("per screen, shell included (gzip / brotli):");
for (const [label, names] of screens) {
  const all = new Set(shell);
  const own = new Set<string>();
  for (const n of names) {
    for (const f of closure(chunk(n))) {
      if (shell.has(f)) continue;
      own.add(f);
      all.add(f);
    }
  }
  const total = sizes(all);
  const extra = sizes(own);
  console.log(
    `  ${label.padEnd(26)} ${kb(total.gzip).padStart(9)} / ${kb(total.brotli).padStart(9)}   (its own chunks: ${kb(extra.gzip)} gzip)`,
  );
}
