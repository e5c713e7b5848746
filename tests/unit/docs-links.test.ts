/**
 * The documentation holds together (docs/decisions/049-documentation-and-local-modes-in-ci.md):
 * every link in every Markdown file of the repository (the README, the guides and decision records
 * under docs/, each feature's README) points at a file that exists, and a link to a heading
 * (`file.md#heading`) at a heading that exists. The files are read with a Markdown parser
 * (mdast-util-from-markdown with GitHub's table syntax) and headings are named with
 * github-slugger, the way GitHub names them; links to other sites are not fetched. Also: the root
 * README stays short, every feature folder has its README, and the decision index lists every record.
 */
import GithubSlugger from "github-slugger";
import type { Heading, Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
/** Folders whose Markdown is not ours or not kept (dependencies, build output, local data). */
const skipped = new Set([
  "node_modules",
  ".git",
  ".data",
  ".netlify",
  ".astro",
  "dist",
  "test-results",
  "test-reports",
  "playwright-report",
  "bench-results",
]);

function markdownFiles(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : markdownFiles(full);
    return entry.name.endsWith(".md") ? [full] : [];
  });
}

const trees = new Map<string, Nodes>();
function parse(file: string): Nodes {
  let tree = trees.get(file);
  if (!tree) {
    tree = fromMarkdown(readFileSync(file, "utf8"), {
      extensions: [gfm()],
      mdastExtensions: [gfmFromMarkdown()],
    }) as Nodes;
    trees.set(file, tree);
  }
  return tree;
}

function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ("children" in node) for (const child of node.children) walk(child as Nodes, visit);
}

function text(node: Nodes): string {
  if ("value" in node && typeof node.value === "string") return node.value;
  return "children" in node ? node.children.map((c) => text(c as Nodes)).join("") : "";
}

/** The anchors GitHub gives a file's headings, duplicates numbered as it numbers them. */
function anchors(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const found = new Set<string>();
  walk(parse(file), (node) => {
    if (node.type === "heading") found.add(slugger.slug(text(node as Heading)));
  });
  return found;
}

/** Every link target in a file with its line, except links to other sites. */
function links(file: string): { url: string; line: number }[] {
  const found: { url: string; line: number }[] = [];
  walk(parse(file), (node) => {
    if (node.type === "link" || node.type === "definition" || node.type === "image") {
      if (/^[a-z][a-z0-9+.-]*:/i.test(node.url)) return; // https:, mailto:, tel:
      found.push({ url: node.url, line: node.position?.start.line ?? 0 });
    }
  });
  return found;
}

const files = markdownFiles();

describe("documentation links", () => {
  it("finds the README, the guides, the decision records and the feature READMEs", () => {
    const names = files.map((f) => path.relative(root, f));
    for (const expected of [
      "README.md",
      "docs/getting-started.md",
      "docs/architecture.md",
      "docs/operations.md",
      "docs/api.md",
      "docs/owners-manual.md",
      "docs/testing.md",
      "docs/decisions/README.md",
    ])
      expect(names).toContain(expected);
  });

  it.each(files.map((f) => [path.relative(root, f), f]))(
    "every link in %s points at a file and heading that exist",
    (_name, file) => {
      const broken: string[] = [];
      for (const { url, line } of links(file)) {
        const [target = "", anchor] = decodeURI(url).split("#");
        const resolved = target ? path.resolve(path.dirname(file), target) : file;
        if (!resolved.startsWith(root + path.sep) && resolved !== root) {
          broken.push(`line ${line}: ${url} leaves the repository`);
        } else if (!existsSync(resolved)) {
          broken.push(`line ${line}: ${url} names a missing file`);
        } else if (anchor && resolved.endsWith(".md") && !anchors(resolved).has(anchor)) {
          broken.push(`line ${line}: ${url} names a missing heading`);
        }
      }
      expect(broken).toEqual([]);
    },
  );

  it("a broken file or heading is found (the check itself)", () => {
    const probe = path.join(root, "docs", "getting-started.md");
    expect(anchors(probe).has("troubleshooting")).toBe(true);
    expect(anchors(probe).has("no-such-heading")).toBe(false);
    expect(existsSync(path.resolve(path.dirname(probe), "no-such-guide.md"))).toBe(false);
  });
});

describe("documentation layout", () => {
  it("the root README fits two screens: under 16 KB", () => {
    const readme = readFileSync(path.join(root, "README.md"));
    expect(readme.byteLength).toBeLessThan(16 * 1024);
    expect(readme.toString("utf8").split("\n").length).toBeLessThanOrEqual(120);
  });

  it("every feature folder has a README naming its tables and decision records", () => {
    const featuresDir = path.join(root, "src", "features");
    const features = readdirSync(featuresDir).filter((d) =>
      statSync(path.join(featuresDir, d)).isDirectory(),
    );
    expect(features.length).toBeGreaterThan(10);
    for (const feature of features) {
      const readme = path.join(featuresDir, feature, "README.md");
      expect(existsSync(readme), `${feature} has a README.md`).toBe(true);
      const headings = anchors(readme);
      for (const section of ["public-face", "tables", "decision-records"])
        expect(headings, `${feature}/README.md has "${section}"`).toContain(section);
    }
  });

  it("the decision index lists every record, and every record has a status", () => {
    const dir = path.join(root, "docs", "decisions");
    const index = path.join(dir, "README.md");
    const listed = new Set(links(index).map((l) => l.url));
    for (const record of readdirSync(dir).filter((f) => /^\d{3}-.+\.md$/.test(f))) {
      expect(listed, `docs/decisions/README.md lists ${record}`).toContain(record);
      expect(readFileSync(path.join(dir, record), "utf8"), record).toMatch(/^Status: \S/m);
    }
  });
});
