/**
 * The field rules every list of the website's content shares (services, FAQs, team, towns, the
 * gallery): plain text without HTML tags, hidden, position, and a change that names only the
 * fields it changes.
 */
import { z } from "zod";
import { charLength, isStorableText } from "../../../lib/form-fields/text";
import { siteLimits as L } from "./rules";

/** True when the text holds something a browser would read as an HTML tag. */
const looksLikeHtml = (v: string) => /<\s*\/?\s*[a-z!]/i.test(v);
/** True when the text holds a script address (`javascript:`, `vbscript:`), which no page text needs. */
const hasScriptLink = (v: string) => /\b(?:java|vb)script\s*:/i.test(v);

/** Plain text a person types: trimmed, storable, no HTML tags, 1 to `max` characters. */
export function text(what: string, max: number, { html = false } = {}) {
  return z
    .string({ error: `${what} must be text.` })
    .trim()
    .refine(isStorableText, `${what} contains characters we cannot store.`)
    .refine((v) => v.length > 0, `Please fill in ${what.toLowerCase()}.`)
    .refine((v) => charLength(v) <= max, `${what} must be at most ${max.toLocaleString("en-GB")} characters.`)
    .refine((v) => html || !looksLikeHtml(v), `${what} must be plain text, without HTML tags.`)
    .refine((v) => html || !hasScriptLink(v), `${what} must not contain a "javascript:" address.`);
}

export const hidden = z.boolean({ error: "Hidden must be true or false." });
export const position = z
  .number({ error: "The position must be a number." })
  .int("The position must be a whole number.")
  .min(0, "The position cannot be negative.")
  .max(L.maxItems, `The position must be at most ${L.maxItems}.`);

/** Keeps only the fields given; refuses an empty change. */
export const patchOf = <S extends z.ZodRawShape>(shape: S) =>
  z
    .object(shape)
    .partial()
    .refine((p) => Object.values(p).some((v) => v !== undefined), { message: "Nothing to change." });
