import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPdf } from "../../src/platform/pdf/document";
import { face, printable, widthOf, wrapText, type Face } from "../../src/platform/pdf/text";
import { popplerPages } from "../helpers/pdf";

/** The regular face, counting how many characters are measured. */
function counting(): { face: Face; calls: () => number } {
  const f = face("regular");
  let calls = 0;
  return {
    face: { ...f, advance: (c) => (calls++, f.advance(c)) },
    calls: () => calls,
  };
}

describe("the PDF font's text", () => {
  it("keeps every Latin, Greek and Cyrillic letter and the pound and euro signs as typed", () => {
    for (const s of [
      "Łukasz Wójcik-Dvořák",
      "Ŵyneth Road",
      "Ẃyn ŷ",
      "Șțefan",
      "Αθήνα",
      "Київ",
      "£12 €5",
      "Ærø ß",
    ]) {
      expect(printable(s)).toBe(s);
    }
  });

  it("replaces what the font lacks with a safe fallback, never a '?' for a letter it can spell", () => {
    expect(printable("Tap 🚰 fitted 👍🏽 – “new” ½\u0000")).toBe("Tap  fitted  – “new” ½ ");
    // A compatibility character the font lacks becomes its plain form; a no-break space stays one.
    expect(printable("ﬁne\u00a0day")).toBe("fine\u00a0day");
    // Decomposed input is composed first: "e" + combining acute is "é".
    expect(printable("Cafe\u0301")).toBe("Café");
    // A script the font does not cover gets "?", one per character.
    expect(printable("東京")).toBe("??");
  });

  it("wraps every line within the width and loses no character", () => {
    const f = face("regular");
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "W", "ł", " ", "€", "i", "x"), maxLength: 400 }),
        (s) => {
          const lines = wrapText(s, 9.5, 120, f);
          for (const l of lines) expect(widthOf(l, 9.5, f)).toBeLessThanOrEqual(120 + 1e-9);
          expect(lines.join("").replaceAll(" ", "")).toBe(s.replaceAll(" ", ""));
        },
      ),
    );
  });

  it("wraps a word of 2,000 or 20,000 characters measuring each character a bounded number of times", () => {
    for (const n of [2_000, 20_000]) {
      const c = counting();
      const lines = wrapText("ż".repeat(n), 9.5, 200, c.face);
      expect(lines.join("")).toBe("ż".repeat(n));
      expect(lines.length).toBeGreaterThan(n / 60);
      // Linear: at most two measurements per character (a cut-up word is measured, then split).
      expect(c.calls()).toBeLessThanOrEqual(2 * n + 2);
    }
  });
});

describe("the PDF engine", () => {
  it("embeds DejaVu Sans as a subset and extracts back exactly", async () => {
    const w = await createPdf({ title: "Łukasz", author: "a", creator: "c" });
    w.text("Łukasz Wójcik-Dvořák, Ŵyneth Road", { bold: true });
    w.text("Total £1,234.50 (€1.00)");
    const bytes = await w.finish((p, n) => `page ${p} of ${n}`);
    const [page] = popplerPages(bytes);
    expect(page).toContain("Łukasz Wójcik-Dvořák, Ŵyneth Road");
    expect(page).toContain("Total £1,234.50 (€1.00)");
    // A subset: far smaller than the font file itself (about 95 kB each).
    expect(bytes.byteLength).toBeLessThan(40_000);
    // poppler lists both faces as embedded TrueType with a Unicode map (so text copies out right).
    const fonts = execFileSync("pdffonts", ["-"], { input: bytes, encoding: "utf8" });
    expect(fonts.match(/DejaVuSans\S*\s+CID TrueType\s+Identity-H\s+yes\s+\S+\s+yes/g)).toHaveLength(2);
  });

  it("draws a table's headers again on every page it continues on, and not after it ends", async () => {
    const w = await createPdf({ title: "t", author: "a", creator: "c" });
    const columns = [{ width: 300 }, { width: 80, right: true }];
    w.table(columns, ["Item", "Price"]);
    for (let i = 1; i <= 120; i++) w.row(columns, [`Row ${i}`, `£${i}.00`]);
    w.endTable();
    for (let i = 0; i < 80; i++) w.text(`After ${i}`);
    const pages = popplerPages(await w.finish((p, n) => `page ${p} of ${n}`));
    const withRows = pages.filter((p) => /Row \d+/.test(p));
    expect(withRows.length).toBeGreaterThan(2);
    for (const p of withRows) expect(p.indexOf("Item")).toBeLessThan(p.search(/Row \d+/));
    expect(withRows.map((p) => p.match(/Item\s+Price/g)?.length)).toEqual(withRows.map(() => 1));
    expect(pages.at(-1)).not.toContain("Item");
    expect(pages.join("")).toContain("Row 120");
  });
});
