/**
 * A PDF read back as text (unpdf: PDF.js in pure JavaScript, no binaries), so tests assert what a
 * person would read in it. Line breaks and spacing follow the layout; `pdfWords` squeezes spaces.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractText } from "unpdf";

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text;
}

/** The text with every run of white space as one space. */
export async function pdfWords(bytes: Uint8Array): Promise<string> {
  return (await pdfText(bytes)).replace(/\s+/g, " ");
}

/** The first `application/pdf` attachment of a raw MIME message (base64), as bytes. */
export function pdfFromMime(raw: string): Uint8Array {
  const at = raw.search(/Content-Type: application\/pdf/i);
  if (at < 0) throw new Error("No PDF attachment in the message");
  const part = raw.slice(at);
  const body = part.slice(part.search(/\r?\n\r?\n/)).trimStart();
  const end = body.search(/\r?\n--/);
  return new Uint8Array(Buffer.from(body.slice(0, end < 0 ? undefined : end).replace(/\s+/g, ""), "base64"));
}

/**
 * Each page's text as poppler's `pdftotext` reads it (a second, independent extractor: C++, its
 * own font and ToUnicode handling), in reading order with the layout kept.
 */
export function popplerPages(bytes: Uint8Array): string[] {
  const dir = mkdtempSync(join(tmpdir(), "pdf-"));
  try {
    const file = join(dir, "doc.pdf");
    writeFileSync(file, bytes);
    const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    return text.split("\f").slice(0, -1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
