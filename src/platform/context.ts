/**
 * What every service call gets besides its typed input. The HTTP edge builds one per request
 * (src/platform/http/endpoint.ts); a script, a scheduled function or a test builds one with
 * `serviceContext({ … })` and calls the same service, no `Request` needed.
 */
import { getDb, type Db } from "./db/client";

/**
 * Who acts (docs/decisions/061-one-outbox-and-the-actor.md). The HTTP edge sets it once per
 * request; a scheduled function sets it per job; services read it from the context and the request
 * history records it. A member of staff is already a kind: signing staff in sets it, nothing else
 * changes.
 */
export type Actor =
  /** The owner, signed in to the admin (`session`: the admin session's row id). */
  | { kind: "owner"; session?: number | undefined }
  /** A named member of staff (acts under the owner's rules for now). */
  | { kind: "staff"; id: string; name: string }
  /** A customer through a private link: which kind of link, and its row id once it was checked. */
  | { kind: "customer"; link: "request" | "invoice" | "review"; linkId?: number | undefined }
  /** A visitor on the public website: the endpoint of the form or page they used. */
  | { kind: "website"; form: string }
  /** A scheduled job, by name (e.g. `invoice-reminders`). */
  | { kind: "job"; name: string }
  /** An outside service calling in (e.g. Stripe's webhook). */
  | { kind: "service"; name: string };

/** The four roles the request rules and the history's `actor` column know. */
export const actorRoles = ["owner", "customer", "website", "system"] as const;
export type ActorRole = (typeof actorRoles)[number];

/** Whose rules an actor acts under: staff as the owner; jobs and outside services as the system. */
export function roleOf(actor: Actor): ActorRole {
  switch (actor.kind) {
    case "owner":
    case "staff":
      return "owner";
    case "customer":
      return "customer";
    case "website":
      return "website";
    case "job":
    case "service":
      return "system";
  }
}

export const ownerActor: Actor = { kind: "owner" };
export const jobActor = (name: string): Actor => ({ kind: "job", name });

export interface ServiceContext {
  /** Where the SQL runs: the database, or a transaction the caller opened. */
  db: Db;
  /** The time the rules use (rate-limit windows, fill time, session expiry). */
  now: Date;
  /** Who acts: set once where the context is built (the edge, a scheduled function, a script). */
  actor: Actor;
  /** An opaque, stable key for whoever is calling (a hash of the IP), for per-client limits. */
  client: string;
  /** The caller's Idempotency-Key, when it sent one: a repeat returns the first result. */
  idempotencyKey?: string | undefined;
  /** A solved proof-of-work challenge the caller sent (`Challenge-Solution` header), if any. */
  challengeSolution?: string | undefined;
  /**
   * Work that may finish after the answer is sent (Netlify's `waitUntil`). Without it the service
   * awaits the work itself.
   */
  defer?: ((work: Promise<unknown>) => void) | undefined;
  /**
   * Told right before a write starts and right after it commits. The edge's deadline uses it: a
   * request that already answered 503 must not write, and one that committed must not answer 503.
   */
  writes?: { starting(): void; committed(): void } | undefined;
}

/** What a create that honours the Idempotency-Key answers: the row, and whether this call stored it. */
export interface Accepted<Row> {
  row: Row;
  /** False when an Idempotency-Key repeat returned the row stored by the first request. */
  created: boolean;
}

/**
 * A context for a script or a test: the process's database, the current time, a fixed client, and
 * the owner acting (a script is run by whoever runs the business); a scheduled function passes its
 * job's actor.
 */
export function serviceContext(overrides: Partial<ServiceContext> = {}): ServiceContext {
  return { db: getDb(), now: new Date(), client: "local", actor: ownerActor, ...overrides };
}

/** The same context with another actor (a job's own name, a customer's checked link). */
export function actingAs(ctx: ServiceContext, actor: Actor): ServiceContext {
  return { ...ctx, actor };
}

/**
 * Runs `work` in one transaction on the context's database, telling the edge before it starts and
 * after it commits. Whatever `work` writes commits together or not at all.
 */
export async function inTransaction<T>(ctx: ServiceContext, work: (tx: Db) => Promise<T>): Promise<T> {
  ctx.writes?.starting();
  const result = await ctx.db.transaction((tx) => work(tx));
  ctx.writes?.committed();
  return result;
}

/** Runs `work` after the answer when the platform allows, else now; never throws. */
export async function runAfterAnswer(ctx: ServiceContext, work: Promise<unknown>): Promise<void> {
  const settled = work.catch(() => {});
  if (ctx.defer) ctx.defer(settled);
  else await settled;
}
