/**
 * Queues e-mails (the outbox, ./repository.ts) with the business's details filled in
 * (./business-facts.ts): read in the caller's transaction, so the e-mail and what it is about
 * commit together, and the details are the ones the live website states when it was queued.
 *
 *   enqueue(items, db)   the messages with their details filled, stored; returns their ids
 */
import { getDb, type Db } from "../../platform/db/client";
import { fillBusinessFactText } from "../../lib/business-facts";
import { hasBusinessFacts, type BusinessFactValues } from "./business-facts";
import type { OutgoingMessage } from "./kinds";
import { escapeHtml } from "./messages";
import * as outbox from "./repository";
import { businessFactValues } from "../business";

const asIs = (v: string) => v;

/** The message with every placeholder replaced by its value (escaped in the HTML). */
function fillBusinessFacts(m: OutgoingMessage, values: BusinessFactValues): OutgoingMessage {
  return {
    ...m,
    subject: fillBusinessFactText(m.subject, values, asIs),
    text: fillBusinessFactText(m.text, values, asIs),
    html: fillBusinessFactText(m.html, values, escapeHtml),
  };
}

export async function enqueue(items: readonly outbox.OutboxItem[], db: Db = getDb()): Promise<number[]> {
  if (!items.some((i) => hasBusinessFacts(i.message))) return outbox.enqueue(items, db);
  const values = await businessFactValues(db);
  return outbox.enqueue(
    items.map((i) => ({ ...i, message: fillBusinessFacts(i.message, values) })),
    db,
  );
}
