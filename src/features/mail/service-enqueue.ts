/**
 * Queues e-mails (the outbox, ./repository.ts) with the business's details in force filled in
 * (./business-facts.ts): read in the caller's transaction, so the e-mail and what it is about
 * commit together, and the details are the ones saved when it was queued.
 *
 *   enqueue(items, db)   the messages with their details filled, stored; returns their ids
 */
import { getDb, type Db } from "../../platform/db/client";
import {
  businessFact,
  businessFactValues,
  hasBusinessFacts,
  type BusinessFactValues,
} from "./business-facts";
import type { OutgoingMessage } from "./kinds";
import { escapeHtml } from "./messages";
import * as outbox from "./repository";
import { currentBusiness } from "../business";

const placeholders = Object.entries(businessFact) as [keyof typeof businessFact, string][];

function fill(body: string, values: BusinessFactValues, encode: (v: string) => string): string {
  return placeholders.reduce((out, [key, p]) => out.replaceAll(p, encode(values[key])), body);
}

/** The message with every placeholder replaced by its value (escaped in the HTML). */
export function fillBusinessFacts(m: OutgoingMessage, values: BusinessFactValues): OutgoingMessage {
  return {
    ...m,
    subject: fill(m.subject, values, (v) => v),
    text: fill(m.text, values, (v) => v),
    html: fill(m.html, values, escapeHtml),
  };
}

export async function enqueue(items: readonly outbox.OutboxItem[], db: Db = getDb()): Promise<number[]> {
  if (!items.some((i) => hasBusinessFacts(i.message))) return outbox.enqueue(items, db);
  const values = businessFactValues(await currentBusiness(db));
  return outbox.enqueue(
    items.map((i) => ({ ...i, message: fillBusinessFacts(i.message, values) })),
    db,
  );
}
