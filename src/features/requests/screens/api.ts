/**
 * The admin app's calls to the request-workflow endpoints (inbox filters and pages, state, notes,
 * history, bulk actions, export, needs attention, person tools), on the one API client
 * (src/lib/api/client.ts), with the same "a 401 ends the session" rule as ./api.ts.
 */
import { ApiError, callApi } from "../../../lib/api/client";
import { readJson, send } from "../../../lib/api/http";
import * as r from "../../../lib/contracts/admin-routes";
import type { RequestState } from "../contract/states";
import type { ArchivedFilter, BulkAction, InboxSort } from "../contract/workflow";
import { signedIn } from "../../../admin/api";
import type { RequestFilter } from "../contract/workflow";

/** What the inbox screen filters by; empty strings mean "any". */
export interface InboxFilters {
  type: "all" | "contact" | "booking";
  state: RequestState | "";
  q: string;
  from: string;
  to: string;
  archived: ArchivedFilter;
  sort: InboxSort;
}

export const defaultFilters: InboxFilters = {
  type: "all",
  state: "",
  q: "",
  from: "",
  to: "",
  archived: "false",
  sort: "newest",
};

/** The filters as query parameters, leaving out the defaults. */
export function filtersToQuery(f: InboxFilters): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.type !== "all") q["type"] = f.type;
  if (f.state) q["state"] = f.state;
  if (f.q.trim()) q["q"] = f.q.trim();
  if (f.from) q["from"] = f.from;
  if (f.to) q["to"] = f.to;
  if (f.archived !== "false") q["archived"] = f.archived;
  if (f.sort !== "newest") q["sort"] = f.sort;
  return q;
}

/** Filters read back from a query string (the inbox keeps them in its address). */
export function filtersFromParams(p: URLSearchParams): InboxFilters {
  const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
    value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  const date = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : "");
  return {
    type: pick(p.get("type"), ["all", "contact", "booking"] as const, "all"),
    state: pick(
      p.get("state"),
      ["", "new", "contacted", "quoted", "scheduled", "done", "lost", "cancelled", "spam"] as const,
      "",
    ),
    q: p.get("q") ?? "",
    from: date(p.get("from")),
    to: date(p.get("to")),
    archived: pick(p.get("archived"), ["false", "true", "all"] as const, "false"),
    sort: pick(p.get("sort"), ["newest", "oldest"] as const, "newest"),
  };
}

/** A POST whose answer is a file: saves it under the server's file name. */
async function download(route: typeof r.exportPersonRoute, body: unknown, fallbackName: string) {
  let res: Response;
  try {
    res = await send(route, { body });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (!res.ok) throw new ApiError(res.status, await readJson(res), res.headers.get("Retry-After"));
  const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const workflowApi = {
  /** A page of the inbox; the type is always sent, so the address names the list it shows. */
  list: (filters: InboxFilters, cursor?: string | null) =>
    signedIn(
      callApi(r.listRequestsRoute, {
        query: { type: filters.type, ...filtersToQuery(filters), ...(cursor ? { cursor } : {}) },
      }),
    ),
  /** Where the browser downloads the CSV of these filters (a plain link). */
  exportUrl: (filters: InboxFilters) => {
    const qs = new URLSearchParams(filtersToQuery(filters)).toString();
    return `${r.exportRequestsRoute.path}${qs ? `?${qs}` : ""}`;
  },
  update: async (
    id: number,
    body: {
      isRead?: boolean;
      state?: RequestState;
      note?: string;
      archived?: boolean;
      visit?: "complete" | "cancel";
    },
  ) => (await signedIn(callApi(r.updateRequestRoute, { id, body }))).submission,
  /** One action on any number of requests, sent `maxBulkIds` at a time; the results added up. */
  bulk: async (ids: number[], action: BulkAction, extra: { state?: RequestState; note?: string } = {}) => {
    // Loaded when used: the module defines the request schemas (zod), which the inbox needs not.
    const { maxBulkIds } = await import("../contract/workflow");
    const total = { changed: [] as number[], skipped: [] as number[], missing: [] as number[] };
    for (let i = 0; i < ids.length; i += maxBulkIds) {
      const part = await signedIn(
        callApi(r.bulkRequestsRoute, { body: { ids: ids.slice(i, i + maxBulkIds), action, ...extra } }),
      );
      total.changed.push(...part.changed);
      total.skipped.push(...part.skipped);
      total.missing.push(...part.missing);
    }
    return total;
  },
  /** The history, and the private links to the customer's page sent in e-mails. */
  history: (requestId: number) =>
    signedIn(callApi(r.listHistoryRoute, { query: { submissionId: requestId } })),
  /** Stops every private link of the request working; the links as they now stand. */
  revokeLinks: (requestId: number) =>
    signedIn(callApi(r.revokeLinksRoute, { body: { submissionId: requestId } })),
  notes: async (requestId: number) =>
    (await signedIn(callApi(r.listNotesRoute, { query: { submissionId: requestId } }))).notes,
  addNote: async (requestId: number, body: string) =>
    (await signedIn(callApi(r.addNoteRoute, { body: { submissionId: requestId, body } }))).note,
  editNote: async (noteId: number, body: string) =>
    (await signedIn(callApi(r.editNoteRoute, { id: noteId, body: { body } }))).note,
  deleteNote: (noteId: number) => signedIn(callApi(r.deleteNoteRoute, { id: noteId })),
  attention: () => signedIn(callApi(r.attentionRoute)),
  findPerson: (email: string) => signedIn(callApi(r.findPersonRoute, { body: { email } })),
  exportPerson: (email: string) => signedIn(download(r.exportPersonRoute, { email }, "personal-data.json")),
  erasePerson: async (email: string) =>
    (await signedIn(callApi(r.erasePersonRoute, { body: { email } }))).erased,
  audit: async () => (await signedIn(callApi(r.listAuditRoute))).audit,
};

/** One request and the plain list (the dialog and the older screens). */
export const requestApi = {
  submissions: async (type: RequestFilter) =>
    (await signedIn(callApi(r.listRequestsRoute, { query: { type } }))).submissions,
  /** One request by id (its own admin address opens it). */
  request: (id: number) => signedIn(callApi(r.getRequestRoute, { id })),
  setRead: async (id: number, isRead: boolean) =>
    (await signedIn(callApi(r.updateRequestRoute, { id, body: { isRead } }))).submission,
  deleteRequest: (id: number) => signedIn(callApi(r.deleteRequestRoute, { id })),
  /** For a request with issued invoices: the customer's details go, the request and invoices stay. */
  anonymiseRequest: async (id: number) =>
    (await signedIn(callApi(r.anonymiseRequestRoute, { id }))).submission,
};
