/**
 * Contracts of the request-workflow endpoints (docs/decisions/016-request-workflow.md), shared by
 * the admin functions and the admin app: the inbox query (filters, search, sort, cursor), changes
 * to one request or many, notes, person tools, and the shapes the server answers with.
 */
import { z } from "zod";
import { requestStates, type RequestActor, type RequestState } from "../request-states";
import { formTypes } from "./submission";
import { charLength, isStorableText, unsupportedCharactersMessage } from "./text";

/** Longest search text; longer input is refused rather than cut. */
export const maxSearchLength = 200;
export const defaultPageSize = 50;
export const maxPageSize = 200;
/** Most rows one bulk action may touch. */
export const maxBulkIds = 500;
export const maxNoteLength = 2000;
export const maxHistoryNoteLength = 1000;

export const inboxSorts = ["newest", "oldest"] as const;
export type InboxSort = (typeof inboxSorts)[number];
export const archivedFilters = ["false", "true", "all"] as const;
export type ArchivedFilter = (typeof archivedFilters)[number];

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const dateParam = (name: string) =>
  z
    .string()
    .regex(isoDate, `${name} must be a date like 2026-11-22.`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${name} must be a real date.`)
    .optional();

/**
 * GET /api/admin/submissions and …/export.csv query parameters. All optional:
 * - `type` all|contact|booking (default all)
 * - `state` one state or several, comma-separated (default: every state but spam)
 * - `q` search text: name, e-mail, phone (any spacing), address, message, reference (KB-000042)
 * - `from`, `to` submitted on or after / on or before these dates (Europe/London)
 * - `archived` false (default: hide archived) | true (only archived) | all
 * - `sort` newest (default) | oldest
 * - `cursor` from the previous page's `nextCursor`; `limit` 1-200 (default 50)
 */
export const inboxQuerySchema = z
  .object({
    type: z.enum(["all", ...formTypes], { error: "type must be all, contact or booking." }).default("all"),
    state: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === "" || v === "all") return undefined;
        const parts = v.split(",").map((s) => s.trim());
        const bad = parts.find((p) => !(requestStates as readonly string[]).includes(p));
        if (bad !== undefined) {
          ctx.addIssue({ code: "custom", message: `state must be one of ${requestStates.join(", ")}.` });
          return z.NEVER;
        }
        return [...new Set(parts)] as RequestState[];
      }),
    q: z
      .string()
      .trim()
      .max(maxSearchLength, `q must be at most ${maxSearchLength} characters.`)
      .refine(isStorableText, unsupportedCharactersMessage)
      .optional()
      .transform((v) => (v ? v : undefined)),
    from: dateParam("from"),
    to: dateParam("to"),
    archived: z.enum(archivedFilters, { error: "archived must be false, true or all." }).default("false"),
    sort: z.enum(inboxSorts, { error: "sort must be newest or oldest." }).default("newest"),
    cursor: z.string().max(200, "cursor is not valid.").optional(),
    limit: z.coerce
      .number({ error: "limit must be a number." })
      .int("limit must be a whole number.")
      .min(1, "limit must be at least 1.")
      .max(maxPageSize, `limit must be at most ${maxPageSize}.`)
      .default(defaultPageSize),
  })
  .refine((v) => !(v.from && v.to && v.from > v.to), {
    message: "from must not be after to.",
    path: ["from"],
  });
export type InboxQueryInput = z.input<typeof inboxQuerySchema>;
export type InboxQuery = z.output<typeof inboxQuerySchema>;

/** The query parameters of a URL as the plain object the schema reads (last value wins). */
export const searchParamsObject = (params: URLSearchParams): Record<string, string> =>
  Object.fromEntries(params.entries());

const optionalNote = (max: number) =>
  z
    .string({ error: "note must be text." })
    .trim()
    .refine((v) => charLength(v) <= max, `Please keep the note under ${max} characters.`)
    .refine(isStorableText, unsupportedCharactersMessage)
    .optional()
    .transform((v) => (v ? v : undefined));

const stateSchema = z.enum(requestStates, { error: `state must be one of ${requestStates.join(", ")}.` });

/** PATCH /api/admin/submissions/:id: any of these, at least one of isRead, state, archived. */
export const submissionPatchSchema = z
  .object({
    isRead: z.boolean({ error: "isRead must be true or false." }).optional(),
    state: stateSchema.optional(),
    /** Recorded with the state change in the history. */
    note: optionalNote(maxHistoryNoteLength),
    archived: z.boolean({ error: "archived must be true or false." }).optional(),
  })
  .refine((v) => v.isRead !== undefined || v.state !== undefined || v.archived !== undefined, {
    message: "Send isRead, state or archived.",
    path: ["isRead"],
  })
  .refine((v) => v.note === undefined || v.state !== undefined, {
    message: "A note goes with a state change.",
    path: ["note"],
  });
export type SubmissionPatch = z.output<typeof submissionPatchSchema>;

export const bulkActions = ["read", "unread", "state", "archive", "unarchive", "spam", "delete"] as const;
export type BulkAction = (typeof bulkActions)[number];

/** POST /api/admin/submissions/bulk */
export const bulkActionSchema = z
  .object({
    ids: z
      .array(z.number().int().positive().max(2_147_483_647), { error: "ids must be a list of ids." })
      .min(1, "Select at least one request.")
      .max(maxBulkIds, `Select at most ${maxBulkIds} requests at a time.`),
    action: z.enum(bulkActions, { error: `action must be one of ${bulkActions.join(", ")}.` }),
    state: stateSchema.optional(),
    note: optionalNote(maxHistoryNoteLength),
  })
  .refine((v) => v.action !== "state" || v.state !== undefined, {
    message: "Choose the state to set.",
    path: ["state"],
  });
export type BulkActionInput = z.output<typeof bulkActionSchema>;

/** POST /api/admin/submissions/:id/notes and PATCH …/notes/:noteId */
export const noteBodySchema = z.object({
  body: z
    .string({ error: "Please write the note." })
    .trim()
    .min(1, "Please write the note.")
    .refine((v) => charLength(v) <= maxNoteLength, `Please keep the note under ${maxNoteLength} characters.`)
    .refine(isStorableText, unsupportedCharactersMessage),
});
export type NoteBody = z.output<typeof noteBodySchema>;

/** POST /api/admin/person/search, …/export, …/erase */
export const personEmailSchema = z.object({
  email: z
    .string({ error: "Please enter an email address." })
    .trim()
    .min(3, "Please enter an email address.")
    .max(254, "Please enter an email address of at most 254 characters.")
    .refine((v) => v.includes("@"), "Please enter a full email address."),
});
export type PersonEmail = z.output<typeof personEmailSchema>;

// Responses --------------------------------------------------------------------------------------

export interface AdminInboxPage<T> {
  submissions: T[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface AdminHistoryEntry {
  id: number;
  fromState: RequestState | null;
  toState: RequestState;
  actor: RequestActor;
  note: string | null;
  changedAt: string;
}

/**
 * A private link to the customer's page that went out (docs/decisions/019-customer-page.md): when,
 * and in which e-mail. The token itself is never shown; only that a link was sent.
 */
export interface AdminSentLink {
  id: number;
  createdAt: string;
  mailSubject: string | null;
  mailStatus: string | null;
  mailSentAt: string | null;
  /** Where the link leads, without its token: "/request/…". */
  target: string;
}

export interface AdminNote {
  id: number;
  body: string;
  createdAt: string;
  updatedAt: string;
}

export interface BulkResult {
  /** Requests the action changed. */
  changed: number[];
  /** Requests left as they were: the state change is not allowed from where they are. */
  skipped: number[];
  /** Ids that no longer exist. */
  missing: number[];
}

/** A request named on the dashboard: enough to find and open it. */
export interface AttentionItem {
  id: number;
  reference: string;
  name: string;
  formType: "contact" | "booking";
  state: RequestState;
  /** When it arrived (new) or when the quote went out (quoted), ISO. */
  since: string;
}

/** A confirmed visit on a given day (from appointments, when they exist). */
export interface ScheduledJob {
  submissionId: number;
  reference: string;
  name: string;
  /** YYYY-MM-DD, Europe/London. */
  date: string;
  /** e.g. "morning", "afternoon", "any". */
  window: string;
}

/** GET /api/admin/attention */
export interface AdminAttention {
  /** Not archived, per state. */
  counts: Record<RequestState, number>;
  archived: number;
  /** Still `new` more than 24 hours after arriving (the site promises a reply within 24 hours). */
  overdueReplies: { count: number; items: AttentionItem[] };
  /** Quoted more than 7 days ago and not answered. */
  staleQuotes: { count: number; items: AttentionItem[] };
  today: ScheduledJob[];
  tomorrow: ScheduledJob[];
}

export interface PersonMailRecord {
  id: number;
  kind: string;
  status: string;
  subject: string;
  createdAt: string;
  sentAt: string | null;
}

/** POST /api/admin/person/search: what is held about one e-mail address. */
export interface PersonReport {
  email: string;
  submissions: {
    id: number;
    reference: string;
    formType: "contact" | "booking";
    state: RequestState;
    name: string;
    submittedAt: string;
  }[];
  /** Reviews do not carry an e-mail address, so none can be linked to one. */
  reviews: never[];
  mail: PersonMailRecord[];
  /** Total items found. */
  total: number;
}

export interface PersonEraseResult {
  submissions: number;
  mail: number;
}

export interface AdminAuditEntry {
  id: number;
  action: "person_search" | "person_export" | "person_erase" | "retention";
  actor: RequestActor;
  itemCount: number;
  createdAt: string;
}
