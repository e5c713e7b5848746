/**
 * The admin's server state: one TanStack Query cache for the whole app (docs/decisions/023-admin-app.md).
 * Every screen reads through it, and every action updates or invalidates the entries it changed,
 * so what the owner did shows at once on every screen without reloading one by hand.
 */
import { reviewsApi } from "../features/reviews/screens";
import { photosApi } from "../features/photos/screens";
import { mailApi } from "../features/mail/screens";
import { appointmentsApi } from "../features/appointments/screens";
import { infiniteQueryOptions, QueryClient, type QueryKey } from "@tanstack/react-query";
import type { AdminRequest } from "../features/requests/contract/endpoints";
import { ApiError, adminApi } from "./api";
import { customersApi } from "../features/customers/screens";
import { invoicesApi } from "../features/invoices/screens";
import { quotesApi } from "../features/quotes/screens";
import { businessApi } from "../features/business/screens";
import { siteApi } from "../features/site-content/screens";
import { filtersFromParams, workflowApi, type InboxFilters, requestApi } from "../features/requests/screens";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Another device may change things too: a screen shown again after 30 s asks once more.
      staleTime: 30_000,
      // A 4xx (signed out, gone, refused) will answer the same again; only a lost call is retried.
      retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
    },
  },
});

/** The cache's keys: everything about one request starts with ["request", id]. */
export const keys = {
  session: ["session"] as const,
  summary: ["summary"] as const,
  attention: ["attention"] as const,
  failedMail: ["failed-mail"] as const,
  inbox: ["inbox"] as const,
  inboxPage: (filters: InboxFilters) => ["inbox", filters] as const,
  request: (id: number) => ["request", id] as const,
  item: (id: number) => ["request", id, "item"] as const,
  history: (id: number) => ["request", id, "history"] as const,
  notes: (id: number) => ["request", id, "notes"] as const,
  appointment: (id: number) => ["request", id, "appointment"] as const,
  photos: (id: number) => ["request", id, "photos"] as const,
  invitations: (id: number) => ["request", id, "invitations"] as const,
  /** A request's quotes, every version (under the request, so any change to it fetches them again). */
  quotes: (id: number) => ["request", id, "quotes"] as const,
  priceList: ["price-list"] as const,
  /** The business details and their audit trail. */
  business: ["business"] as const,
  /** The website's drafts and publish state. */
  site: ["site"] as const,
  /** A request's invoices and credit notes, and what its accepted quote still allows. */
  invoices: (id: number) => ["request", id, "invoices"] as const,
  /** Money at a glance: outstanding, overdue, this month and last, the 12-month chart. */
  money: ["money"] as const,
  /** Customers: the list's pages per search, one customer, and the customer of a request. */
  customers: ["customers"] as const,
  customerPage: (q: string) => ["customers", "list", q] as const,
  customer: (id: number) => ["customers", id] as const,
  requestCustomer: (id: number) => ["request", id, "customer"] as const,
  /** Reviews: the list's pages, newest first, and whether invitations go out by themselves. */
  testimonials: ["testimonials"] as const,
  reviewSettings: ["review-settings"] as const,
  /** Working days, the cap, notice and horizon, days off, bank holidays, whether a feed link exists. */
  availability: ["availability"] as const,
  /** The personal-data tools' record of use. */
  audit: ["audit"] as const,
};

/** The customer list's pages for a search; "Load more" fetches the next. */
export const customersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: keys.customerPage(q),
    queryFn: ({ pageParam }) => customersApi.list(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The testimonials' pages (50 each, newest first); "Load more" fetches the next. */
export const testimonialsQuery = () =>
  infiniteQueryOptions({
    queryKey: keys.testimonials,
    queryFn: ({ pageParam }) => reviewsApi.testimonials(pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The inbox's filters from its query string (`open` is not a filter). */
export function inboxFilters(search: Record<string, string | undefined>): InboxFilters {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) if (v !== undefined && k !== "open") params.set(k, v);
  return filtersFromParams(params);
}

/** The inbox's pages for these filters; "Load more" fetches the next. */
export const inboxQuery = (filters: InboxFilters) =>
  infiniteQueryOptions({
    queryKey: keys.inboxPage(filters),
    queryFn: ({ pageParam }) => workflowApi.list(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const queries = {
  summary: () => ({ queryKey: keys.summary, queryFn: adminApi.summary }),
  attention: () => ({ queryKey: keys.attention, queryFn: workflowApi.attention }),
  item: (id: number) => ({
    queryKey: keys.item(id),
    queryFn: async () => (await requestApi.request(id)).submission,
    // Opened from the inbox: the row is already in the cache, so the dialog shows at once.
    initialData: () => inboxRow(id),
    initialDataUpdatedAt: () => queryClient.getQueryState(keys.inbox)?.dataUpdatedAt,
  }),
  history: (id: number) => ({ queryKey: keys.history(id), queryFn: () => workflowApi.history(id) }),
  notes: (id: number) => ({ queryKey: keys.notes(id), queryFn: () => workflowApi.notes(id) }),
  appointment: (id: number) => ({
    queryKey: keys.appointment(id),
    queryFn: () => appointmentsApi.appointment(id),
  }),
  photos: (id: number) => ({ queryKey: keys.photos(id), queryFn: () => photosApi.photos(id) }),
  quotes: (id: number) => ({ queryKey: keys.quotes(id), queryFn: () => quotesApi.list(id) }),
  priceList: () => ({ queryKey: keys.priceList, queryFn: quotesApi.priceList }),
  business: () => ({ queryKey: keys.business, queryFn: businessApi.get }),
  site: () => ({ queryKey: keys.site, queryFn: siteApi.get }),
  invoices: (id: number) => ({ queryKey: keys.invoices(id), queryFn: () => invoicesApi.forRequest(id) }),
  money: () => ({ queryKey: keys.money, queryFn: invoicesApi.money }),
  customer: (id: number) => ({ queryKey: keys.customer(id), queryFn: () => customersApi.get(id) }),
  requestCustomer: (id: number) => ({
    queryKey: keys.requestCustomer(id),
    queryFn: () => customersApi.ofRequest(id),
  }),
  failedMail: () => ({ queryKey: keys.failedMail, queryFn: mailApi.failedMail }),
  reviewSettings: () => ({ queryKey: keys.reviewSettings, queryFn: reviewsApi.reviewSettings }),
  availability: () => ({ queryKey: keys.availability, queryFn: appointmentsApi.availability }),
  audit: () => ({ queryKey: keys.audit, queryFn: workflowApi.audit }),
};

/**
 * After an invoice changed (created, issued, sent, paid, credited): the money figures and, when it
 * belongs to a request, everything about that request (its history gains a row) are fetched again.
 */
export async function invoiceChanged(requestId: number | null): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.money }),
    requestId !== null ? requestChanged(requestId) : Promise.resolve(),
  ]);
}

/**
 * After a request changed (state, read flag, archive, appointment, note): the new row goes into
 * the cache at once, and everything that shows it or counts it is fetched again.
 */
export async function requestChanged(id: number, updated?: AdminRequest): Promise<void> {
  if (updated) {
    queryClient.setQueryData(keys.item(id), updated);
    patchInboxRow(updated);
  }
  await Promise.all(
    // The schedule too: a visit confirmed, moved or cancelled in the request shows there at once.
    [keys.request(id), keys.inbox, keys.summary, keys.attention, ["schedule"], keys.customers].map(
      (queryKey: QueryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/**
 * Read or unread changed: nothing but the flag and the counts. The answer is put in place and the
 * lists and counts are fetched again; the request's history, notes, photos, appointment and quotes
 * are left alone (opening a request marks it read, and fetching all of those again doubled the
 * calls every open makes).
 */
export async function requestReadChanged(updated: AdminRequest): Promise<void> {
  queryClient.setQueryData(keys.item(updated.id), updated);
  patchInboxRow(updated);
  await Promise.all(
    [keys.inbox, keys.summary, keys.attention].map((queryKey: QueryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** The row of request `id` in any inbox page in the cache. */
function inboxRow(id: number): AdminRequest | undefined {
  for (const [, data] of queryClient.getQueriesData<{ pages: { submissions: AdminRequest[] }[] }>({
    queryKey: keys.inbox,
  })) {
    const row = data?.pages.flatMap((p) => p.submissions).find((s) => s.id === id);
    if (row) return row;
  }
  return undefined;
}

/** The inbox pages hold the row too: put the changed one in place before they are fetched again. */
function patchInboxRow(updated: AdminRequest) {
  queryClient.setQueriesData<{ pages: { submissions: AdminRequest[] }[] }>(
    { queryKey: keys.inbox },
    (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              submissions: p.submissions.map((s) => (s.id === updated.id ? updated : s)),
            })),
          }
        : data,
  );
}

/** A request deleted: out of every list, its own entries dropped. */
export async function requestRemoved(id: number): Promise<void> {
  queryClient.removeQueries({ queryKey: keys.request(id) });
  await Promise.all(
    [keys.inbox, keys.summary, keys.attention].map((queryKey: QueryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
