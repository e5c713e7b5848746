/**
 * The admin app's calls to the request-workflow endpoints (inbox filters and pages, state, notes,
 * history, bulk actions, export, needs attention, person tools), over the same same-origin fetch
 * as the rest of the app (./api.ts).
 */
import type { RequestState } from "../lib/request-states";
import type { AdminSubmission } from "../lib/schemas/admin";
import type {
  AdminAttention,
  AdminAuditEntry,
  AdminHistoryEntry,
  AdminSentLink,
  AdminInboxPage,
  AdminNote,
  ArchivedFilter,
  BulkAction,
  BulkResult,
  InboxSort,
  PersonEraseResult,
  PersonReport,
} from "../lib/schemas/requests";
import { ApiError, request, sessionEndedEvent } from "./api";

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
export function filtersToParams(f: InboxFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.type !== "all") p.set("type", f.type);
  if (f.state) p.set("state", f.state);
  if (f.q.trim()) p.set("q", f.q.trim());
  if (f.from) p.set("from", f.from);
  if (f.to) p.set("to", f.to);
  if (f.archived !== "false") p.set("archived", f.archived);
  if (f.sort !== "newest") p.set("sort", f.sort);
  return p;
}

/** Filters read back from a query string (the inbox keeps them in its URL). */
export function filtersFromParams(p: URLSearchParams): InboxFilters {
  const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
    value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  return {
    type: pick(p.get("type"), ["all", "contact", "booking"] as const, "all"),
    state: pick(
      p.get("state"),
      ["", "new", "contacted", "quoted", "scheduled", "done", "lost", "cancelled", "spam"] as const,
      "",
    ),
    q: p.get("q") ?? "",
    from: /^\d{4}-\d{2}-\d{2}$/.test(p.get("from") ?? "") ? p.get("from")! : "",
    to: /^\d{4}-\d{2}-\d{2}$/.test(p.get("to") ?? "") ? p.get("to")! : "",
    archived: pick(p.get("archived"), ["false", "true", "all"] as const, "false"),
    sort: pick(p.get("sort"), ["newest", "oldest"] as const, "newest"),
  };
}

const base = "/api/admin/submissions";

/** A POST whose answer is a file: saves it under the server's file name. */
async function download(path: string, body: unknown, fallbackName: string): Promise<void> {
  const res = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    cache: "no-store",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const data: unknown = await res.json().catch(() => undefined);
    if (res.status === 401) window.dispatchEvent(new CustomEvent(sessionEndedEvent));
    throw new ApiError(res.status, data as never, res.headers.get("Retry-After"));
  }
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
  list: (filters: InboxFilters, cursor?: string | null, limit = 50) => {
    const p = filtersToParams(filters);
    if (cursor) p.set("cursor", cursor);
    if (limit !== 50) p.set("limit", String(limit));
    const qs = p.toString();
    return request<AdminInboxPage<AdminSubmission>>("GET", qs ? `${base}?${qs}` : base);
  },
  /** Where the browser downloads the CSV of these filters (a plain GET link). */
  exportUrl: (filters: InboxFilters) => {
    const qs = filtersToParams(filters).toString();
    return `${base}/export.csv${qs ? `?${qs}` : ""}`;
  },
  update: async (
    id: number,
    patch: { isRead?: boolean; state?: RequestState; note?: string; archived?: boolean },
  ) => (await request<{ submission: AdminSubmission }>("PATCH", `${base}/${id}`, patch)).submission,
  bulk: (ids: number[], action: BulkAction, extra: { state?: RequestState; note?: string } = {}) =>
    request<BulkResult>("POST", `${base}/bulk`, { ids, action, ...extra }),
  history: async (id: number) =>
    (await request<{ history: AdminHistoryEntry[] }>("GET", `${base}/${id}/history`)).history,
  /** The history plus the private links sent to the customer (when and in which e-mail; no token). */
  activity: (id: number) =>
    request<{ history: AdminHistoryEntry[]; links: AdminSentLink[] }>("GET", `${base}/${id}/history`),
  notes: async (id: number) => (await request<{ notes: AdminNote[] }>("GET", `${base}/${id}/notes`)).notes,
  addNote: async (id: number, body: string) =>
    (await request<{ note: AdminNote }>("POST", `${base}/${id}/notes`, { body })).note,
  editNote: async (id: number, noteId: number, body: string) =>
    (await request<{ note: AdminNote }>("PATCH", `${base}/${id}/notes/${noteId}`, { body })).note,
  deleteNote: (id: number, noteId: number) => request<void>("DELETE", `${base}/${id}/notes/${noteId}`),
  attention: () => request<AdminAttention>("GET", "/api/admin/attention"),
  findPerson: (email: string) => request<PersonReport>("POST", "/api/admin/person/search", { email }),
  exportPerson: (email: string) => download("/api/admin/person/export", { email }, "personal-data.json"),
  erasePerson: async (email: string) =>
    (await request<{ erased: PersonEraseResult }>("POST", "/api/admin/person/erase", { email })).erased,
  audit: async () => (await request<{ audit: AdminAuditEntry[] }>("GET", "/api/admin/person/audit")).audit,
};
