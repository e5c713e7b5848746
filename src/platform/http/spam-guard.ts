/**
 * Spam guard for the public forms (docs/decisions/004-spam-guard.md):
 * - the honeypot field `website` must be empty (people never see it; naive bots fill every field);
 * - `formStartedAt` (epoch ms when the form was shown, sent by the islands) must be there: a post
 *   that leaves the field out is refused like one sent too fast (every form of ours carries it; a
 *   script that skips it should not get an easier ride than one that fills it in). When it holds a
 *   plausible time it must be at least `formMinFillMs()` ago (3 s; a local test stack may lower it,
 *   never a deployed site: src/platform/env.ts). Forms posted without JavaScript send the field
 *   empty (the static page cannot stamp a time) and are accepted on this count; a start time in the
 *   future (a client clock running fast) is ignored rather than held against a person.
 * A refusal is a 422 with a message a person can act on; nothing is stored. The edge checks these
 * fields before it parses the form, as part of reading a public form post.
 */
import { honeypotField, startedAtField } from "../../lib/form-fields/spam-guard";
import { formMinFillMs } from "../env";
import { HttpError } from "./errors";

export function assertNotSpam(
  data: Record<string, unknown>,
  now = Date.now(),
  minFillMs = formMinFillMs(),
): void {
  const honeypot = data[honeypotField];
  if (honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== "") {
    throw new HttpError(
      422,
      "spam_suspected",
      "We could not accept this form because a hidden field was filled in (sometimes a browser's autofill does this). Please send it again with the form as shown.",
    );
  }
  if (!(startedAtField in data)) throw tooFast();
  const raw = data[startedAtField];
  const started =
    typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : NaN;
  if (Number.isFinite(started)) {
    const elapsed = now - started;
    if (elapsed >= 0 && elapsed < minFillMs) throw tooFast();
  }
}

const tooFast = () =>
  new HttpError(
    422,
    "too_fast",
    "That was sent faster than a person can fill in the form. Please wait a few seconds and send it again.",
  );
