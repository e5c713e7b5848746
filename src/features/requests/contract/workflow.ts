/**
 * Contracts of the request-workflow endpoints (docs/decisions/016-request-workflow.md), shared by
 * the admin functions and the admin app: the inbox query (filters, search, sort, cursor), changes
 * to one request or many, notes, person tools, and the shapes the server answers with.
 */
import { z } from "zod";
import { isIsoDate } from "../../../platform/time";
import { decodeCursor } from "./inbox-cursor";
import { closeVisitChoices, requestStates, type RequestState } from "./states";
import { formTypes } from "./forms";
import { charLength, isStorableText, unsupportedCharactersMessage } from "../../../lib/form-fields/text";

/** Longest search text; longer input is refused rather than cut. */
export const maxSearchLength = 200;
export const defaultPageSize = 50;
export const maxPageSize = 200;
/** Most rows one bulk action may touch (the admin sends more in several calls). */
export const maxBulkIds = 200;
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
    .refine(isIsoDate, `${name} must be a real date.`)
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
    cursor: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === "") return undefined;
        const cursor = decodeCursor(v);
        if (!cursor) {
          ctx.addIssue({ code: "custom", message: "That page link is not valid; please reload the list." });
          return z.NEVER;
        }
        return cursor;
      }),
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
  })
  .refine((v) => !v.cursor || v.cursor.sort === v.sort, {
    message: "That page link belongs to the other order; please reload the list.",
    path: ["cursor"],
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
export const requestPatchSchema = z
  .object({
    isRead: z.boolean({ error: "isRead must be true or false." }).optional(),
    state: stateSchema.optional(),
    /** Recorded with the state change in the history. */
    note: optionalNote(maxHistoryNoteLength),
    archived: z.boolean({ error: "archived must be true or false." }).optional(),
    /**
     * Marking done while a confirmed visit is still ahead: complete the visit (the work is
     * finished) or cancel it, in the same step. Without it the change is refused (409 visit_ahead).
     */
    visit: z
      .enum(closeVisitChoices, { error: `visit must be one of ${closeVisitChoices.join(", ")}.` })
      .optional(),
  })
  .refine((v) => v.isRead !== undefined || v.state !== undefined || v.archived !== undefined, {
    message: "Send isRead, state or archived.",
    path: ["isRead"],
  })
  .refine((v) => v.note === undefined || v.state !== undefined, {
    message: "A note goes with a state change.",
    path: ["note"],
  })
  .refine((v) => v.visit === undefined || v.state === "done", {
    message: "Completing or cancelling the visit goes with marking the request done.",
    path: ["visit"],
  });
export type RequestPatch = z.output<typeof requestPatchSchema>;

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

const noteText = () =>
  z
    .string({ error: "Please write the note." })
    .trim()
    .min(1, "Please write the note.")
    .refine((v) => charLength(v) <= maxNoteLength, `Please keep the note under ${maxNoteLength} characters.`)
    .refine(isStorableText, unsupportedCharactersMessage);

/** A request's id in a query string or body. */
export const requestIdSchema = z.coerce
  .number({ error: "submissionId must be a request's id." })
  .int("submissionId must be a request's id.")
  .positive("submissionId must be a request's id.")
  .max(2_147_483_647, "submissionId must be a request's id.");

/** GET /api/admin/history and /api/admin/notes: `?submissionId=12` */
export const requestQuerySchema = z.object({ submissionId: requestIdSchema });

/** POST /api/admin/notes */
export const newNoteSchema = z.object({ submissionId: requestIdSchema, body: noteText() });
export type NewNote = z.output<typeof newNoteSchema>;

/** PATCH /api/admin/notes/:id */
export const noteBodySchema = z.object({ body: noteText() });
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

/** PATCH /api/admin/submissions/:id */
export const requestReadSchema = z.object({
  isRead: z.boolean({ error: "isRead must be true or false." }),
});
export type RequestRead = z.infer<typeof requestReadSchema>;

export const requestFilters = ["all", ...formTypes] as const;
export type RequestFilter = (typeof requestFilters)[number];
/** GET /api/admin/submissions?type=… (missing means all). */
export const requestFilterSchema = z
  .enum(requestFilters, { error: "type must be all, contact or booking." })
  .default("all");
