/**
 * Contracts of the request-workflow endpoints (docs/decisions/016-request-workflow.md): export,
 * the contact and booking forms, the inbox list, one request and its change, the dashboard's counts,
 * export, bulk actions, history, notes, what needs attention, and the person tools. Requests are
 * the schemas in ./forms.ts and ./workflow.ts; the answers are defined here.
 */
import { z } from "zod";
import { requestActors, requestSources, requestStates } from "./states";
import {
  bulkActionSchema,
  inboxQuerySchema,
  newNoteSchema,
  noteBodySchema,
  personEmailSchema,
  requestPatchSchema,
  requestQuerySchema,
} from "./workflow";
import { bookingRequestSchema, contactMessageSchema, formTypes } from "./forms";
import { bookingExtrasFields } from "./booking-extras";
import { mailDeliveryStatusSchema, mailSummarySchema } from "../../mail/contract/endpoints";
import * as routes from "../../../lib/contracts/admin-routes";
import * as publicRoutes from "../../../lib/contracts/public-routes";
import { defineEndpoint } from "../../../lib/contracts/endpoint";

const id = z.number().int().positive();
/** ISO timestamp. */
const timestamp = z.string();
const state = z.enum(requestStates);

export const historyEntrySchema = z.object({
  id,
  fromState: state.nullable(),
  toState: state,
  actor: z.enum(requestActors),
  note: z.string().nullable(),
  changedAt: timestamp,
});
export type AdminHistoryEntry = z.infer<typeof historyEntrySchema>;

/**
 * A private link to the customer's page that went out (docs/decisions/019-customer-page.md): in
 * which e-mail, and whether and when that was sent. Only the token's hash is kept, so the link itself
 * is never shown.
 */
export const sentLinkSchema = z.object({
  id,
  createdAt: timestamp,
  mailSubject: z.string().nullable(),
  mailStatus: z.enum(["pending", "sent", "failed"]).nullable(),
  mailSentAt: timestamp.nullable(),
  /** When the link last opened the page (it stops working after a long idle spell). */
  lastUsedAt: timestamp.nullable(),
  /** When it was revoked (by the owner, or by the customer asking for a new link); it never works again. */
  revokedAt: timestamp.nullable(),
});
export type AdminSentLink = z.infer<typeof sentLinkSchema>;

export const noteSchema = z.object({
  id,
  submissionId: id,
  body: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type AdminNote = z.infer<typeof noteSchema>;

export const bulkResultSchema = z.object({
  /** Requests the action changed (or that were already as asked). */
  changed: z.array(id),
  /** Requests left as they were: the state change is not allowed from where they are. */
  skipped: z.array(id),
  /** Ids that no longer exist. */
  missing: z.array(id),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** A request named on the dashboard: enough to find and open it. */
export const attentionItemSchema = z.object({
  id,
  reference: z.string(),
  name: z.string(),
  formType: z.enum(formTypes),
  state,
  /** When it arrived (new) or when the quote went out (quoted). */
  since: timestamp,
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

/** A confirmed visit on a given day (from appointments, when they exist). */
export const scheduledJobSchema = z.object({
  submissionId: id,
  reference: z.string(),
  name: z.string(),
  /** YYYY-MM-DD, Europe/London. */
  date: z.string(),
  /** e.g. "morning", "afternoon", "any". */
  window: z.string(),
});
export type ScheduledJob = z.infer<typeof scheduledJobSchema>;

const attentionGroup = z.object({ count: z.number().int(), items: z.array(attentionItemSchema) });

export const attentionSchema = z.object({
  /** Not archived, per state. */
  counts: z.record(state, z.number().int()),
  archived: z.number().int(),
  /** Still `new` more than 24 hours after arriving (the site promises a reply within 24 hours). */
  overdueReplies: attentionGroup,
  /** Quoted more than 7 days ago and not answered. */
  staleQuotes: attentionGroup,
  today: z.array(scheduledJobSchema),
  tomorrow: z.array(scheduledJobSchema),
});
export type AdminAttention = z.infer<typeof attentionSchema>;

export const personReportSchema = z.object({
  email: z.string(),
  submissions: z.array(
    z.object({
      id,
      reference: z.string(),
      formType: z.enum(formTypes),
      state,
      name: z.string(),
      submittedAt: timestamp,
    }),
  ),
  /** Reviews carry no e-mail address, so none can be linked to one. */
  reviews: z.array(z.never()),
  mail: z.array(
    z.object({
      id,
      kind: z.string(),
      status: z.string(),
      subject: z.string(),
      createdAt: timestamp,
      sentAt: timestamp.nullable(),
    }),
  ),
  /** Items found in all. */
  total: z.number().int(),
});
export type PersonReport = z.infer<typeof personReportSchema>;

export const personEraseResultSchema = z.object({ submissions: z.number().int(), mail: z.number().int() });
export type PersonEraseResult = z.infer<typeof personEraseResultSchema>;

export const auditActions = ["person_search", "person_export", "person_erase", "retention"] as const;
export const auditEntrySchema = z.object({
  id,
  action: z.enum(auditActions),
  actor: z.enum(requestActors),
  itemCount: z.number().int(),
  createdAt: timestamp,
});
export type AdminAuditEntry = z.infer<typeof auditEntrySchema>;

export const adminSummarySchema = z.object({
  testimonials: z.object({ total: z.number().int(), pending: z.number().int() }),
  submissions: z.object({ total: z.number().int(), unread: z.number().int() }),
  /** The e-mail outbox: messages waiting to be sent and messages given up on. */
  mail: mailSummarySchema,
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

export const adminRequestSchema = z.object({
  id,
  name: z.string(),
  /** Either may be null on a job the owner added by hand, never both. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  message: z.string(),
  formType: z.enum(formTypes),
  /** How it arrived: "web" (a form), or added by the owner from "phone", "email", "walk_in", "repeat". */
  source: z.enum(requestSources),
  address: z.string().nullable(),
  service: z.string().nullable(),
  submittedAt: timestamp,
  isRead: z.boolean(),
  mailStatus: mailDeliveryStatusSchema.nullable(),
  /** "KB-000042" (booking) or "KC-000042" (contact). */
  reference: z.string(),
  /** Lifecycle state (./states.ts), when it last changed, and whether archived. */
  state,
  stateChangedAt: timestamp,
  archivedAt: timestamp.nullable(),
  /** A booking's first preferred date ("YYYY-MM-DD"); null for a contact message. */
  firstPreferredDate: z.string().nullable(),
  /** How many photos came with the request. */
  photoCount: z.number().int(),
});
export type AdminRequest = z.infer<typeof adminRequestSchema>;

export const requestEndpoints = {
  /** A contact message. */
  contact: defineEndpoint({
    ...publicRoutes.contactRoute,
    status: 201,
    request: z.object(contactMessageSchema.shape),
    /** `reference`: what the customer quotes, "KC-000042" (./reference.ts). */
    response: z.object({ id, reference: z.string().regex(/^KC-\d{6,}$/) }),
  }),
  /**
   * An appointment request: the booking fields plus one to three preferred options, urgency and
   * access notes (src/features/appointments/contract/endpoints.ts). The options' shape and whether
   * each date is still bookable are checked by the service, which names the option that fails
   * (`option1`…`option3`).
   */
  booking: defineEndpoint({
    ...publicRoutes.bookingRoute,
    status: 201,
    request: z.object({ ...bookingRequestSchema.shape, ...bookingExtrasFields }),
    /** `reference`: what the customer quotes, "KB-000042" (./reference.ts). */
    response: z.object({ id, reference: z.string().regex(/^KB-\d{6,}$/) }),
  }),
  /** The dashboard's counts: testimonials, requests, the e-mail outbox. */
  summary: defineEndpoint({ ...routes.summaryRoute, status: 200, response: adminSummarySchema }),
  /**
   * A page of contact messages and booking requests: filtered, searched, sorted; `nextCursor`
   * fetches the next page (docs/decisions/016-request-workflow.md).
   */
  listRequests: defineEndpoint({
    ...routes.listRequestsRoute,
    status: 200,
    query: inboxQuerySchema,
    response: z.object({ submissions: z.array(adminRequestSchema), nextCursor: z.string().nullable() }),
  }),
  /** One request, as in the list (the admin's page for a request opens by its id). */
  getRequest: defineEndpoint({
    ...routes.getRequestRoute,
    status: 200,
    response: z.object({ submission: adminRequestSchema }),
  }),
  /** Read flag, state (with a note for the history) and archive, any of them at once. */
  updateRequest: defineEndpoint({
    ...routes.updateRequestRoute,
    status: 200,
    request: requestPatchSchema,
    response: z.object({ submission: adminRequestSchema }),
  }),
  deleteRequest: defineEndpoint({ ...routes.deleteRequestRoute, status: 204 }),
  /**
   * For a request that cannot be deleted (issued invoices): the customer's details, notes, photos
   * and e-mails go; the request (archived), its history, quotes, visits and invoices stay.
   */
  anonymiseRequest: defineEndpoint({
    ...routes.anonymiseRequestRoute,
    status: 200,
    response: z.object({ submission: adminRequestSchema }),
  }),
  /** Every request the filters match, as a CSV file (UTF-8 with BOM); no JSON answer. */
  exportRequests: defineEndpoint({
    ...routes.exportRequestsRoute,
    status: 200,
    query: inboxQuerySchema,
  }),
  /** One action on up to 200 requests in one transaction. */
  bulkRequests: defineEndpoint({
    ...routes.bulkRequestsRoute,
    status: 200,
    request: bulkActionSchema,
    response: bulkResultSchema,
  }),
  /** Every state change of one request, oldest first. */
  listHistory: defineEndpoint({
    ...routes.listHistoryRoute,
    status: 200,
    query: requestQuerySchema,
    /** `links`: the private links sent to the customer, newest first. */
    response: z.object({ history: z.array(historyEntrySchema), links: z.array(sentLinkSchema) }),
  }),
  /** Stops every private link of one request working at once (a forwarded e-mail, a lost phone). */
  revokeLinks: defineEndpoint({
    ...routes.revokeLinksRoute,
    status: 200,
    request: requestQuerySchema,
    /** `revoked`: how many links this stopped; `links`: as in the history, newest first. */
    response: z.object({ revoked: z.number().int(), links: z.array(sentLinkSchema) }),
  }),
  /** The owner's private notes on one request, oldest first. */
  listNotes: defineEndpoint({
    ...routes.listNotesRoute,
    status: 200,
    query: requestQuerySchema,
    response: z.object({ notes: z.array(noteSchema) }),
  }),
  addNote: defineEndpoint({
    ...routes.addNoteRoute,
    status: 201,
    request: newNoteSchema,
    response: z.object({ note: noteSchema }),
  }),
  editNote: defineEndpoint({
    ...routes.editNoteRoute,
    status: 200,
    request: noteBodySchema,
    response: z.object({ note: noteSchema }),
  }),
  deleteNote: defineEndpoint({ ...routes.deleteNoteRoute, status: 204 }),
  /** The dashboard's "needs attention" and the count per state. */
  attention: defineEndpoint({ ...routes.attentionRoute, status: 200, response: attentionSchema }),
  /** What is held about one e-mail address (the address travels in the body, never in a URL). */
  findPerson: defineEndpoint({
    ...routes.findPersonRoute,
    status: 200,
    request: personEmailSchema,
    response: personReportSchema,
  }),
  /** All of it as one JSON file (an attachment). */
  exportPerson: defineEndpoint({ ...routes.exportPersonRoute, status: 200, request: personEmailSchema }),
  /** Erase all of it. */
  erasePerson: defineEndpoint({
    ...routes.erasePersonRoute,
    status: 200,
    request: personEmailSchema,
    response: z.object({ erased: personEraseResultSchema }),
  }),
  /** Each use of the person tools and each retention run: what, when, how many; never the data. */
  listAudit: defineEndpoint({
    ...routes.listAuditRoute,
    status: 200,
    response: z.object({ audit: z.array(auditEntrySchema) }),
  }),
};
