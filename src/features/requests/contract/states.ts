/**
 * The request lifecycle: every contact message and booking request is one request with one state
 * (docs/decisions/016-request-workflow.md). This module is the only place that lists the states,
 * what each means, and which changes each actor may make. The server checks every change against
 * `canTransition`; the admin offers only what it allows.
 *
 *              ┌──────── spam (owner marks; hidden from the inbox, kept 30 days, restorable)
 *   new ──> contacted ──> quoted ──> scheduled ──> done
 *    │         │            │           │
 *    └─────────┴────────────┴───────────┴──> lost       (no answer, declined, out of area)
 *                                        └──> cancelled (by the customer, or the owner)
 *
 * Moving back is allowed (e.g. scheduled → contacted when a visit is called off and a new time is
 * being arranged). Isomorphic: no server or browser imports.
 */

export const requestStates = [
  "new",
  "contacted",
  "quoted",
  "scheduled",
  "done",
  "lost",
  "cancelled",
  "spam",
] as const;
export type RequestState = (typeof requestStates)[number];

/**
 * Who made a change: the owner in the admin, the customer on their page, the website (a form the
 * customer sent), or a scheduled job (`system`). The history names each one as it is.
 */
export const requestActors = ["owner", "customer", "website", "system"] as const;
export type RequestActor = (typeof requestActors)[number];

/**
 * How a request reached the firm: a form on the website, or the owner adding it by hand after a
 * phone call, an e-mail, someone walking in, or a repeat customer asking again.
 */
export const requestSources = ["web", "phone", "email", "walk_in", "repeat"] as const;
export type RequestSource = (typeof requestSources)[number];
/** The sources the owner chooses from when he adds a job by hand. */
export const ownerSources = [
  "phone",
  "email",
  "walk_in",
  "repeat",
] as const satisfies readonly RequestSource[];
export type OwnerSource = (typeof ownerSources)[number];
/** How each source reads after "Added by you, …" in the history and on the request. */
export const sourceLabels: Record<RequestSource, { label: string; from: string }> = {
  web: { label: "Website", from: "through the website" },
  phone: { label: "Phone call", from: "from a phone call" },
  email: { label: "E-mail", from: "from an e-mail" },
  walk_in: { label: "Walk-in", from: "from a walk-in" },
  repeat: { label: "Repeat customer", from: "for a repeat customer" },
};

/** Finished: retention counts from the moment a request entered one of these. */
export const closedStates: readonly RequestState[] = ["done", "lost", "cancelled"];
export const isClosed = (state: RequestState) => closedStates.includes(state);

/** What the owner sees: a label, and one line on what the state means to him. */
export const stateInfo: Record<RequestState, { label: string; meaning: string }> = {
  new: {
    label: "New",
    meaning: "Just arrived; nobody has answered yet (we promise a reply within 24 hours).",
  },
  contacted: {
    label: "Contacted",
    meaning: "We have replied or phoned; details or a visit are being arranged.",
  },
  quoted: { label: "Quoted", meaning: "A price has gone out; waiting for the customer to say yes." },
  scheduled: { label: "Scheduled", meaning: "A visit is confirmed for an agreed date and time." },
  done: { label: "Done", meaning: "The job is finished." },
  lost: { label: "Lost", meaning: "No answer, declined, or out of our area." },
  cancelled: { label: "Cancelled", meaning: "Called off by the customer or by us." },
  spam: { label: "Spam", meaning: "Not a real enquiry; hidden from the inbox and deleted after 30 days." },
};

/**
 * Every allowed change, per actor: from → the states it may go to. A state never moves to itself.
 * - owner: the whole workflow, backwards included; a closed request can be reopened; spam is
 *   restored to `new` or `contacted`. Never straight to `scheduled`: a request is scheduled exactly
 *   when it has a confirmed appointment, so only confirming one (the appointment flow, as `system`)
 *   schedules it.
 * - customer: from their page, may cancel an open request, or accept a time the owner offered,
 *   which confirms the appointment and so schedules the request (docs/decisions/019-customer-page.md).
 * - website: a form only creates a request (its first history row, from no state to `new`).
 * - system: what scheduled work and the appointment flow may do (confirming a visit schedules,
 *   calling one off goes back to contacted, finishing a past visit marks it done). When the owner's
 *   own action does it (he confirms a visit), the change is checked against these rules but the
 *   history names the owner (`applyStateChange`'s `rulesOf`).
 */
export const transitions: Record<RequestActor, Record<RequestState, readonly RequestState[]>> = {
  owner: {
    new: ["contacted", "quoted", "done", "lost", "cancelled", "spam"],
    contacted: ["new", "quoted", "done", "lost", "cancelled", "spam"],
    quoted: ["contacted", "done", "lost", "cancelled", "spam"],
    scheduled: ["contacted", "quoted", "done", "lost", "cancelled"],
    done: ["contacted", "quoted"],
    lost: ["contacted", "quoted"],
    cancelled: ["contacted", "quoted"],
    spam: ["new", "contacted"],
  },
  customer: {
    new: ["scheduled", "cancelled"],
    contacted: ["scheduled", "cancelled"],
    quoted: ["scheduled", "cancelled"],
    scheduled: ["cancelled"],
    done: [],
    lost: [],
    cancelled: [],
    spam: [],
  },
  website: {
    new: [],
    contacted: [],
    quoted: [],
    scheduled: [],
    done: [],
    lost: [],
    cancelled: [],
    spam: [],
  },
  system: {
    new: ["scheduled", "cancelled"],
    contacted: ["scheduled", "cancelled"],
    quoted: ["scheduled", "cancelled"],
    scheduled: ["contacted", "done", "cancelled"],
    done: [],
    lost: [],
    cancelled: [],
    spam: [],
  },
};

/** How the history names each actor to the owner. */
export const actorLabel: Record<RequestActor, string> = {
  owner: "you",
  customer: "the customer",
  website: "the website",
  system: "the scheduled job",
};

/**
 * The owner cannot mark a request done while its confirmed visit is still ahead: he completes the
 * visit (it happened early) or cancels it in the same step.
 */
export const closeVisitChoices = ["complete", "cancel"] as const;
export type CloseVisitChoice = (typeof closeVisitChoices)[number];

export function canTransition(from: RequestState, to: RequestState, actor: RequestActor): boolean {
  return transitions[actor][from].includes(to);
}

/** The states the owner may pick next for a request in `from`. */
export const nextStates = (from: RequestState, actor: RequestActor = "owner"): readonly RequestState[] =>
  transitions[actor][from];
