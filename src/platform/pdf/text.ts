/**
 * Text for the PDFs' font (docs/decisions/044-vat-tax-point-and-pdf-font.md): what it can draw,
 * how wide a string is, and wrapping, all in time linear in the text's length.
 *
 * The font is DejaVu Sans cut down to Latin (Basic, Latin-1, Extended-A/B/Additional), Greek,
 * Cyrillic, punctuation and currency signs (src/platform/pdf/fonts.generated.ts). A character it
 * lacks is replaced by a safe fallback: its compatibility form or its base letter when the font has
 * those (a ligature "ﬁ" → "fi", a rare accented letter → the letter), nothing for an emoji or a
 * pictograph, and "?" for a letter of another script. Control characters become spaces.
 */
import * as fontkit from "@pdf-lib/fontkit";
import { bold, regular } from "./fonts.generated";

/** The few facts of a fontkit font this module reads. */
interface FaceFont {
  readonly unitsPerEm: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  glyphForCodePoint(codePoint: number): { advanceWidth: number };
}

export type FaceName = "regular" | "bold";

export interface Face {
  readonly name: FaceName;
  /** The TrueType bytes, for embedding. */
  readonly bytes: Uint8Array;
  /** Whether the font draws this character. */
  has(char: string): boolean;
  /** The advance of one character, in thousandths of the font size. */
  advance(char: string): number;
}

type Fontkit = { create(b: Uint8Array): FaceFont };

/** fontkit's API: its ES build names `create`; its UMD build, loaded from an ES module, is the default. */
export const fontkitApi = ((fontkit as unknown as { default?: Fontkit }).default ??
  fontkit) as unknown as Fontkit;

function makeFace(name: FaceName, base64: string): Face {
  const bytes = new Uint8Array(Buffer.from(base64, "base64"));
  const font = fontkitApi.create(bytes);
  const widths = new Map<string, number>();
  const covered = new Map<string, boolean>();
  const has = (char: string) => {
    let known = covered.get(char);
    if (known === undefined) {
      known = font.hasGlyphForCodePoint(char.codePointAt(0)!);
      covered.set(char, known);
    }
    return known;
  };
  return {
    name,
    bytes,
    has,
    advance(char) {
      let w = widths.get(char);
      if (w === undefined) {
        w = (font.glyphForCodePoint(char.codePointAt(0)!).advanceWidth * 1000) / font.unitsPerEm;
        widths.set(char, w);
      }
      return w;
    },
  };
}

const faces = new Map<FaceName, Face>();

/** The regular or bold face, parsed once per process. */
export function face(name: FaceName): Face {
  let f = faces.get(name);
  if (!f) {
    f = makeFace(name, name === "bold" ? bold : regular);
    faces.set(name, f);
  }
  return f;
}

/** Emoji, skin tones, joiners and variation selectors: nothing to draw in their place. */
const dropped = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|[\u200b-\u200d\u2060]|\p{Variation_Selector}/u;
const isControl = (char: string) => /\p{Cc}/u.test(char);

/** One character the face lacks, as what it can draw instead (possibly nothing). */
function fallback(char: string, f: Face): string {
  if (dropped.test(char) || /\p{So}|\p{Sk}|\p{Cf}|\p{Mn}/u.test(char)) return "";
  const compatible = char.normalize("NFKC");
  if (compatible !== char && [...compatible].every((c) => f.has(c))) return compatible;
  const base = char.normalize("NFD").replace(/\p{Mn}/gu, "");
  if (base && base !== char && [...base].every((c) => f.has(c))) return base;
  return "?";
}

/**
 * `value` as one line the face can draw: composed (NFC), each control character a space, each
 * character the font lacks replaced by its fallback (a space it lacks by a plain one).
 */
export function printable(value: string, f: Face = face("regular")): string {
  let out = "";
  for (const char of value.normalize("NFC")) {
    if (isControl(char)) out += " ";
    else if (f.has(char)) out += char;
    else if (/\p{Zs}/u.test(char)) out += " ";
    else out += fallback(char, f);
  }
  return out;
}

/** The width of `text` (already printable) at `size` points. Widths add up: no kerning is applied. */
export function widthOf(text: string, size: number, f: Face): number {
  let units = 0;
  for (const char of text) units += f.advance(char);
  return (units * size) / 1000;
}

/**
 * `text` broken into lines no wider than `width` points at `size`: at spaces, and a word longer
 * than a line is cut between characters. Each paragraph ("\n") starts a line. Every character is
 * measured once, so the time is linear in the text's length whatever its words' lengths.
 */
export function wrapText(text: string, size: number, width: number, f: Face): string[] {
  const limit = (width * 1000) / size;
  const space = f.advance(" ");
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    let lineUnits = 0;
    let started = false;
    for (const word of printable(paragraph, f).split(" ")) {
      let wordUnits = 0;
      for (const char of word) wordUnits += f.advance(char);
      if (!started) {
        started = true;
      } else if (lineUnits + space + wordUnits <= limit) {
        line += ` ${word}`;
        lineUnits += space + wordUnits;
        continue;
      } else {
        lines.push(line);
      }
      if (wordUnits <= limit) {
        line = word;
        lineUnits = wordUnits;
        continue;
      }
      // A word wider than a line: cut it where the next character would not fit.
      let chunk = "";
      let chunkUnits = 0;
      for (const char of word) {
        const a = f.advance(char);
        if (chunk && chunkUnits + a > limit) {
          lines.push(chunk);
          chunk = "";
          chunkUnits = 0;
        }
        chunk += char;
        chunkUnits += a;
      }
      line = chunk;
      lineUnits = chunkUnits;
    }
    lines.push(line);
  }
  return lines;
}
