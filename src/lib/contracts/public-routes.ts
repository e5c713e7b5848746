/**
 * The public API's endpoints: method and path. Plain data with no schema, one constant per
 * endpoint, so a page's JavaScript carries only the routes it calls and none of the zod schemas;
 * each feature's `contract/endpoints.ts` adds the status and the schemas, ./routes.ts lists every route.
 */
export const contactRoute = { method: "POST", path: "/api/contact" } as const;
export const bookingRoute = { method: "POST", path: "/api/bookings" } as const;
export const createTestimonialRoute = { method: "POST", path: "/api/testimonials" } as const;
export const listTestimonialsRoute = { method: "GET", path: "/api/testimonials" } as const;
export const reviewInvitationRoute = { method: "POST", path: "/api/review-invitation" } as const;
export const healthRoute = { method: "GET", path: "/api/health" } as const;
export const availabilityRoute = { method: "GET", path: "/api/availability" } as const;
export const calendarFeedRoute = { method: "GET", path: "/api/calendar/:secret" } as const;
/**
 * The customer's own page (docs/decisions/019-customer-page.md): server-rendered HTML, not JSON.
 * `:id` is the private link's token. GET shows the page (or, with `?step=…`, an action's
 * confirmation step), POST makes the change; the lost-link form asks for a fresh link.
 */
export const customerPageRoute = { method: "GET", path: "/request/:id" } as const;
export const customerActionRoute = { method: "POST", path: "/request/:id" } as const;
/** An issued invoice's PDF under the customer's link (`?invoice=<id>`). */
export const customerInvoicePdfRoute = { method: "GET", path: "/request/:id/invoice.pdf" } as const;
export const lostLinkFormRoute = { method: "GET", path: "/request/lost" } as const;
export const lostLinkRoute = { method: "POST", path: "/request/lost" } as const;
/** A customer's Pay button: a Stripe Checkout for one invoice (docs/decisions/048-card-payments-stripe.md). */
export const payInvoiceRoute = { method: "POST", path: "/request/:id/pay" } as const;
/**
 * An invoice-only link for a payer at another address (docs/decisions/053-invoice-links.md): `:id`
 * is its token. The page, its invoice's PDF, and the Pay button.
 */
export const invoiceLinkPageRoute = { method: "GET", path: "/invoice/:id" } as const;
export const invoiceLinkPdfRoute = { method: "GET", path: "/invoice/:id/invoice.pdf" } as const;
export const invoiceLinkPayRoute = { method: "POST", path: "/invoice/:id/pay" } as const;
/** Stripe's signed events (docs/decisions/048-card-payments-stripe.md). */
export const stripeWebhookRoute = { method: "POST", path: "/api/payments/webhook/stripe" } as const;
/** Netlify's signed deploy notification (deploy succeeded or failed) for a website publish. */
export const deployNotificationRoute = { method: "POST", path: "/api/site/deploy-notification" } as const;
