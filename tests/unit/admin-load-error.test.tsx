/**
 * One load error in the admin (src/admin/components/LoadError.tsx): its HTML read back with parse5,
 * and the admin's sources searched so that no screen writes the message or the button by hand.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseFragment, type DefaultTreeAdapterTypes as T } from "parse5";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LoadError } from "../../src/admin/components/LoadError";

const root = fileURLToPath(new URL("../../", import.meta.url));

function elements(node: T.ParentNode): T.Element[] {
  return node.childNodes.flatMap((child) => ("tagName" in child ? [child, ...elements(child)] : []));
}
const attr = (el: T.Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
const text = (node: T.Node): string =>
  "value" in node && node.nodeName === "#text"
    ? node.value
    : "childNodes" in node
      ? node.childNodes.map(text).join("")
      : "";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? sources(path) : /\.(tsx?|astro)$/.test(entry) ? [path] : [];
  });
}

describe("LoadError", () => {
  it("is an alert naming what failed, with a Try Again button at least 44 px high", () => {
    const html = renderToString(<LoadError what="The invoices" onRetry={() => undefined} />);
    const all = elements(parseFragment(html));
    const alert = all.find((el) => attr(el, "role") === "alert");
    expect(alert).toBeDefined();
    expect(text(alert!)).toContain("The invoices could not be loaded.");
    const buttons = all.filter((el) => el.tagName === "button");
    expect(buttons).toHaveLength(1);
    expect(attr(buttons[0]!, "type")).toBe("button");
    expect(text(buttons[0]!)).toBe("Try Again");
    // min-h-11 is 2.75rem: 44 px at the browser's default size.
    expect(attr(buttons[0]!, "class")?.split(/\s+/)).toContain("min-h-11");
    expect(attr(buttons[0]!, "disabled")).toBeUndefined();
  });

  it("says an exact wording when given one, and waits while asking again", () => {
    const html = renderToString(
      <LoadError
        what="The testimonials"
        message="Failed to load testimonials. Please try again."
        onRetry={() => 1}
        retrying
      />,
    );
    const all = elements(parseFragment(html));
    const alert = all.find((el) => attr(el, "role") === "alert")!;
    expect(text(alert)).toContain("Failed to load testimonials. Please try again.");
    expect(text(alert)).not.toContain("could not be loaded");
    const button = all.find((el) => el.tagName === "button")!;
    expect(attr(button, "disabled")).toBeDefined();
    expect(attr(button, "aria-busy")).toBe("true");
    expect(text(button)).toBe("Trying again…");
  });

  it("is the only place in src/ that writes the message or the Try Again button", () => {
    const writers = sources(join(root, "src"))
      .filter((path) => {
        const code = readFileSync(path, "utf8");
        return (
          /could not be loaded/i.test(code) || />\s*Try Again\s*</.test(code) || /"Try Again"/.test(code)
        );
      })
      .map((path) => relative(root, path));
    expect(writers).toEqual(["src/admin/components/LoadError.tsx"]);
  });
});
