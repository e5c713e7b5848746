/**
 * The customer's timeline for the history rows that leave the request's state as it was: a visit
 * moved, on the way, running late, done; an invoice issued or sent, a payment received or removed,
 * a credit note. Each feature writes its row's note for the owner (src/features/appointments/,
 * src/features/invoices/service.ts); here each known note becomes plain words for the customer, and
 * only the public part of it: an owner's reason, note or private remark is never shown. A row of no
 * known kind is left out rather than shown as a vague "Appointment changed".
 * tests/integration/customer-timeline.test.ts drives every event through the real services.
 */

/** One kind of note: the pattern the owner's note matches, and the customer's words for it. */
type NoteRule = readonly [RegExp, (m: RegExpMatchArray) => string | null];

/** The part of a note before the first ". " (what follows is the owner's own reason or note). */
const label = "([^.]+?)";

const rules: readonly NoteRule[] = [
  [new RegExp(`^Appointment moved to ${label}(?:\\. |$)`), (m) => `Visit moved to ${m[1]}`],
  [new RegExp(`^Appointment confirmed for ${label}(?:\\. |$)`), (m) => `Visit confirmed for ${m[1]}`],
  [
    /^On the way: the customer was told the arrival, around (\S+)$/,
    (m) => `On the way, arriving around ${m[1]}`,
  ],
  [
    /^Running late: the customer was told the new arrival, around (\S+)$/,
    (m) => `Running late, now arriving around ${m[1]}`,
  ],
  [new RegExp(`^Visit on ${label} completed`), () => "Visit done"],
  [new RegExp(`^Visit on ${label} cancelled`), (m) => `Visit on ${m[1]} cancelled`],
  [new RegExp(`^Offered time on ${label} cancelled`), (m) => `The time we offered, ${m[1]}, was withdrawn`],
  [/^(Invoice|Deposit invoice|Final invoice|Credit note) (\S+) issued: /, (m) => `${m[1]} ${m[2]} issued`],
  [
    /^(Invoice|Deposit invoice|Final invoice|Credit note) (\S+) e-mailed to the customer$/,
    (m) => `${m[1]} ${m[2]} sent`,
  ],
  [
    /^Payment of (£[\d,]+\.\d\d) \([^)]*\) recorded on invoice (\S+):/,
    (m) => `${m[1]} received (invoice ${m[2]})`,
  ],
  [
    /^Payment of (£[\d,]+\.\d\d) received \S+ removed from invoice (\S+) /,
    (m) => `Payment of ${m[1]} removed from invoice ${m[2]}: it was recorded by mistake`,
  ],
  [
    /^Credit note (\S+) for (£[\d,]+\.\d\d) against invoice (\S+?)(?: \(now void\))?: /,
    (m) => `Credit note ${m[1]}: ${m[2]} off invoice ${m[3]}`,
  ],
  [
    /^(?:First|Second and last) payment reminder e-mailed for invoice (\S+?):/,
    (m) => `Payment reminder sent for invoice ${m[1]}`,
  ],
];

/** The customer's words for a same-state history row's note, or null when it is not for them. */
export function sameStateWords(note: string | null): string | null {
  if (!note) return null;
  for (const [pattern, words] of rules) {
    const m = note.match(pattern);
    if (m) return words(m);
  }
  return null;
}
