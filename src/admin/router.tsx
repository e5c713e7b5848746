/**
 * The admin's addresses (docs/decisions/023-admin-app.md). One app is mounted once; the router
 * keeps it across screens, so moving between them loads no page and the cache keeps what it has.
 * Each screen's component is its own chunk, loaded when the screen is first shown; a screen's
 * loader starts its data calls at the same time, so neither waits for the other.
 *
 *   /admin                  dashboard
 *   /admin/submissions      the inbox (filters in the query string)
 *   /admin/requests/:id     one request, shown over the inbox; the owner's e-mails link here
 *   /admin/testimonials     reviews
 *   /admin/availability     working days, days off, calendar feed
 *   /admin/schedule         visits by agenda, day or week (`?view=&date=`); /print?date= a day's run sheet
 *   /admin/people           personal data tools
 *   /admin/price-list       the owner's usual items and labour rates, for quotes
 *   /admin/website          the website's services, FAQs, team and towns; publish
 *   /admin/money            money at a glance: outstanding, overdue, payments, the accountant's exports
 *   /admin/invoices         every invoice and credit note, with filters (status, kind, dates, search)
 *   /admin/notifications    notifications on the owner's devices (push): devices, kinds, a test
 *   /admin/jobs/new         a job added by hand (phone, e-mail, walk-in, repeat customer)
 *   /admin/customers        customers: search by name, phone, e-mail, postcode (`?q=`)
 *   /admin/customers/:id    one customer: contact, requests, visits, quotes, invoices, notes
 *
 * The static pages under src/pages/admin and the `/admin/*` rewrite in netlify.toml all serve the
 * same shell, so a reload or a link from an e-mail opens the right screen.
 */
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from "@tanstack/react-router";
import { AdminRoot, NotFoundScreen } from "./AdminRoot";
import { screenModules } from "./first-screens";
import { customersQuery, inboxFilters, inboxQuery, queries, queryClient, testimonialsQuery } from "./query";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** The document title's first part. */
    title?: string;
  }
  interface Register {
    router: typeof router;
  }
}

/** The inbox's query string: its filters (see src/features/requests/screens/api.ts), and `open` from older e-mails. */
const inboxSearchKeys = ["type", "state", "q", "from", "to", "archived", "sort", "open"] as const;
export type InboxSearch = Partial<Record<(typeof inboxSearchKeys)[number], string>>;

/** Prefetch without waiting: the screen's own queries pick the answers up (a failure shows there). */
const prefetch = (...options: { queryKey: readonly unknown[]; queryFn: () => Promise<unknown> }[]) => {
  for (const o of options) void queryClient.prefetchQuery(o);
};

const rootRoute = createRootRoute({ component: AdminRoot, notFoundComponent: NotFoundScreen });

const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin",
  staticData: { title: "Dashboard" },
  loader: () => prefetch(queries.summary(), queries.attention(), queries.money()),
  component: lazyRouteComponent(screenModules.dashboard, "Dashboard"),
});

/** The inbox stays mounted under an open request, so closing it shows the list as it was. */
const inboxLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: "inbox",
  validateSearch: (raw: Record<string, unknown>): InboxSearch => {
    const search: InboxSearch = {};
    for (const k of inboxSearchKeys) if (typeof raw[k] === "string" && raw[k]) search[k] = raw[k];
    return search;
  },
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => void queryClient.prefetchInfiniteQuery(inboxQuery(inboxFilters(deps))),
  component: lazyRouteComponent(screenModules.inbox, "InboxScreen"),
});

const inboxRoute = createRoute({
  getParentRoute: () => inboxLayout,
  path: "/admin/submissions",
  staticData: { title: "Form Submissions" },
  // Links in e-mails sent before requests had their own address: /admin/submissions?open=ID.
  beforeLoad: ({ search }) => {
    if (search.open && /^\d{1,10}$/.test(search.open)) {
      throw redirect({
        to: "/admin/requests/$id",
        params: { id: Number(search.open) },
        search: {},
        replace: true,
      });
    }
  },
});

export const requestRoute = createRoute({
  getParentRoute: () => inboxLayout,
  path: "/admin/requests/$id",
  staticData: { title: "Request" },
  params: {
    parse: ({ id }) => {
      if (!/^\d{1,10}$/.test(id)) throw new Error("Not a request number");
      return { id: Number(id) };
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  loader: ({ params: { id } }) =>
    prefetch(
      queries.item(id),
      queries.history(id),
      queries.notes(id),
      queries.photos(id),
      queries.quotes(id),
      queries.invoices(id),
    ),
  component: lazyRouteComponent(screenModules.request, "RequestRoute"),
});

const testimonialsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/testimonials",
  staticData: { title: "Testimonials" },
  loader: () => {
    void queryClient.prefetchInfiniteQuery(testimonialsQuery());
    prefetch(queries.reviewSettings());
  },
  component: lazyRouteComponent(
    () => import("../features/reviews/screens/TestimonialsScreen"),
    "TestimonialsScreen",
  ),
});

const availabilityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/availability",
  staticData: { title: "Availability" },
  loader: () => prefetch(queries.availability()),
  component: lazyRouteComponent(
    () => import("../features/appointments/screens/AvailabilityScreen"),
    "AvailabilityScreen",
  ),
});

const scheduleSearch = (raw: Record<string, unknown>) => {
  const search: { view?: string; date?: string } = {};
  if (typeof raw["view"] === "string" && raw["view"]) search.view = raw["view"];
  if (typeof raw["date"] === "string" && raw["date"]) search.date = raw["date"];
  return search;
};

const scheduleRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/schedule",
  staticData: { title: "Schedule" },
  validateSearch: scheduleSearch,
  component: lazyRouteComponent(
    () => import("../features/schedule/screens/ScheduleScreen"),
    "ScheduleScreen",
  ),
});

const runSheetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/schedule/print",
  staticData: { title: "Run Sheet" },
  validateSearch: scheduleSearch,
  component: lazyRouteComponent(
    () => import("../features/schedule/screens/RunSheetScreen"),
    "RunSheetScreen",
  ),
});

const peopleRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/people",
  staticData: { title: "Personal Data" },
  loader: () => prefetch(queries.audit()),
  component: lazyRouteComponent(
    () => import("../features/person-tools/screens/PersonToolsScreen"),
    "PersonToolsScreen",
  ),
});

const priceListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/price-list",
  staticData: { title: "Price List" },
  loader: () => prefetch(queries.priceList()),
  component: lazyRouteComponent(
    () => import("../features/quotes/screens/PriceListScreen"),
    "PriceListScreen",
  ),
});

const businessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/business",
  staticData: { title: "Business Details" },
  loader: () => prefetch(queries.business()),
  component: lazyRouteComponent(
    () => import("../features/business/screens/BusinessDetailsScreen"),
    "BusinessDetailsScreen",
  ),
});

const websiteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/website",
  staticData: { title: "Website" },
  loader: () => prefetch(queries.site()),
  component: lazyRouteComponent(
    () => import("../features/site-content/screens/WebsiteScreen"),
    "WebsiteScreen",
  ),
});

const moneyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/money",
  staticData: { title: "Money" },
  loader: () => prefetch(queries.money()),
  component: lazyRouteComponent(() => import("../features/invoices/screens/MoneyScreen"), "MoneyScreen"),
});

const invoiceListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/invoices",
  staticData: { title: "Invoices and credit notes" },
  component: lazyRouteComponent(
    () => import("../features/invoices/screens/InvoiceListScreen"),
    "InvoiceListScreen",
  ),
});

const notificationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/notifications",
  staticData: { title: "Notifications" },
  component: lazyRouteComponent(
    () => import("../features/push/screens/NotificationsScreen"),
    "NotificationsScreen",
  ),
});

/** What the new-job form may be given in its address (a schedule day, a customer's details). */
const newJobSearchKeys = ["date", "name", "phone", "email", "address", "source"] as const;

const newJobRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/jobs/new",
  staticData: { title: "New Job" },
  validateSearch: (raw: Record<string, unknown>) => {
    const search: Partial<Record<(typeof newJobSearchKeys)[number], string>> = {};
    for (const k of newJobSearchKeys) if (typeof raw[k] === "string" && raw[k]) search[k] = raw[k];
    return search;
  },
  component: lazyRouteComponent(
    () => import("../features/appointments/screens/NewJobScreen"),
    "NewJobScreen",
  ),
});

const customersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/customers",
  staticData: { title: "Customers" },
  validateSearch: (raw: Record<string, unknown>): { q?: string } =>
    typeof raw["q"] === "string" && raw["q"] ? { q: raw["q"] } : {},
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => void queryClient.prefetchInfiniteQuery(customersQuery(deps.q ?? "")),
  component: lazyRouteComponent(
    () => import("../features/customers/screens/CustomersScreen"),
    "CustomersScreen",
  ),
});

const customerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/customers/$id",
  staticData: { title: "Customer" },
  params: {
    parse: ({ id }) => {
      if (!/^\d{1,10}$/.test(id)) throw new Error("Not a customer number");
      return { id: Number(id) };
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  loader: ({ params: { id } }) => prefetch(queries.customer(id)),
  component: lazyRouteComponent(() => import("../features/customers/screens/CustomerRoute"), "CustomerRoute"),
});

const routeTree = rootRoute.addChildren([
  dashboardRoute,
  inboxLayout.addChildren([inboxRoute, requestRoute]),
  testimonialsRoute,
  availabilityRoute,
  scheduleRoute,
  runSheetRoute,
  peopleRoute,
  priceListRoute,
  businessRoute,
  websiteRoute,
  moneyRoute,
  invoiceListRoute,
  notificationsRoute,
  customersRoute,
  customerRoute,
  newJobRoute,
]);

export const router = createRouter({
  routeTree,
  trailingSlash: "never",
  // Plain query strings (`?state=done&q=42`), as the inbox has always written them; the router's
  // default would JSON-encode values.
  parseSearch: (s) => Object.fromEntries(new URLSearchParams(s)),
  stringifySearch: (search) => {
    const qs = new URLSearchParams(
      Object.entries(search).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
    ).toString();
    return qs ? `?${qs}` : "";
  },
  defaultPreload: "intent",
  // Data comes from the query cache, which decides when it is stale; the router keeps no copy.
  defaultPreloadStaleTime: 0,
});
