/**
 * The server and the browser agree on every endpoint's answer: each endpoint is called for real
 * (its Netlify handler, a migrated database) and its answer read by the browser client's own check
 * (src/lib/api/http.ts `readAnswer`, which validates against the contract in development and tests).
 * A shape changed on one side only fails here.
 */
import { describe, expect, it } from "vitest";
import adminAppointments from "../../netlify/functions/admin-appointments.mts";
import adminAppointmentDay from "../../netlify/functions/admin-appointment-day.mts";
import adminAttention from "../../netlify/functions/admin-attention.mts";
import adminBusiness from "../../netlify/functions/admin-business-settings.mts";
import adminCustomers from "../../netlify/functions/admin-customers.mts";
import adminAvailability from "../../netlify/functions/admin-availability.mts";
import availability from "../../netlify/functions/availability.mts";
import calendarFeed from "../../netlify/functions/calendar-feed.mts";
import adminHistory from "../../netlify/functions/admin-history.mts";
import adminMail from "../../netlify/functions/admin-mail.mts";
import adminNotes from "../../netlify/functions/admin-notes.mts";
import adminPerson from "../../netlify/functions/admin-person.mts";
import adminPassword from "../../netlify/functions/admin-password.mts";
import adminPriceList from "../../netlify/functions/admin-price-list.mts";
import adminSite from "../../netlify/functions/admin-site.mts";
import adminSiteGallery from "../../netlify/functions/admin-site-gallery.mts";
import adminSiteGalleryImages from "../../netlify/functions/admin-site-gallery-images.mts";
import { png } from "../helpers/images";
import adminPush from "../../netlify/functions/admin-push.mts";
import webpush from "web-push";
import { startPushService } from "../helpers/push-service";
import adminQuotes from "../../netlify/functions/admin-quotes.mts";
import adminAccountCredits from "../../netlify/functions/admin-account-credits.mts";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import adminInvoicePayment from "../../netlify/functions/admin-invoices-payment.mts";
import adminInvoicesRequest from "../../netlify/functions/admin-invoices-request.mts";
import adminMoney from "../../netlify/functions/admin-invoices-money.mts";
import adminRequestQuotes from "../../netlify/functions/admin-request-quotes.mts";
import adminSchedule from "../../netlify/functions/admin-schedule.mts";
import adminSession from "../../netlify/functions/admin-session.mts";
import adminSubmissions from "../../netlify/functions/admin-submissions.mts";
import adminSummary from "../../netlify/functions/admin-summary.mts";
import adminReviewInvitations from "../../netlify/functions/admin-review-invitations.mts";
import adminTestimonials from "../../netlify/functions/admin-testimonials.mts";
import bookings from "../../netlify/functions/bookings.mts";
import contact from "../../netlify/functions/contact.mts";
import customerPage from "../../netlify/functions/customer-page.mts";
import invoiceLink from "../../netlify/functions/invoice-link.mts";
import adminPayments from "../../netlify/functions/admin-payments.mts";
import stripeWebhook from "../../netlify/functions/payments-webhook-stripe.mts";
import { startCheckout } from "../../src/features/payments/service-checkout";
import { startStripeServer } from "../helpers/stripe-server";
import health from "../../netlify/functions/health.mts";
import reviewInvitation from "../../netlify/functions/review-invitation.mts";
import testimonials from "../../netlify/functions/testimonials.mts";
import { toOutcome } from "../../src/lib/api/forms";
import { readAnswer } from "../../src/lib/api/http";
import * as adminRoutes from "../../src/lib/contracts/admin-routes";
import * as publicRoutes from "../../src/lib/contracts/public-routes";
import { routes, type Route } from "../../src/lib/contracts/routes";
import { storeAdminPassword } from "../../src/features/admin-auth/service";
import { setMailSender } from "../../src/features/mail/service";
import { getDb } from "../../src/platform/db/client";
import { serviceContext } from "../../src/platform/context";
import { acceptQuote } from "../../src/features/quotes/service-customer";
import { appointments, mailOutbox, paymentAlerts } from "../../src/features/tables";
import { dateInZone } from "../../src/platform/time";
import { and, eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db";
import { sendPending, sentMessage } from "../helpers/sent-mail";
import { randomIp, validBooking, validContact, validReview } from "../helpers/http";

useTestDatabase();

type Handler = (req: Request, context?: { params?: Record<string, string> }) => Promise<Response>;
const base = "http://localhost:8888";
const password = "contracts test passphrase";

function request(
  route: Route,
  o: { body?: unknown; cookie?: string; id?: number; query?: Record<string, string> } = {},
): Request {
  const headers = new Headers({
    Accept: "application/json",
    Origin: base,
    "x-forwarded-for": randomIp(),
  });
  if (o.cookie) headers.set("Cookie", o.cookie);
  if (o.body !== undefined) headers.set("Content-Type", "application/json");
  const path =
    (o.id === undefined ? route.path : route.path.replace(":id", String(o.id))) +
    (o.query ? `?${new URLSearchParams(o.query)}` : "");
  return new Request(base + path, {
    method: route.method,
    headers,
    ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
  });
}

async function expectContract<R extends Route>(
  route: R,
  handler: Handler,
  o: Parameters<typeof request>[1] = {},
) {
  const response = await handler(
    request(route, o),
    o.id === undefined ? {} : { params: { id: String(o.id) } },
  );
  expect(response.ok, `${route.method} ${route.path} answered ${response.status}`).toBe(true);
  return readAnswer(route, response);
}

describe("every endpoint answers what its contract says", () => {
  it("covers every route", async () => {
    const covered = new Set<Route>();
    const check = async <R extends Route>(
      route: R,
      handler: Handler,
      o: Parameters<typeof request>[1] = {},
    ) => {
      covered.add(route);
      return expectContract(route, handler, o);
    };
    const r = { ...publicRoutes, ...adminRoutes };

    await check(r.healthRoute, health);
    await check(r.contactRoute, contact, { body: validContact() });
    const booking = await check(r.bookingRoute, bookings, { body: validBooking() });
    const { dates } = await check(r.availabilityRoute, availability);
    const review = await check(r.createTestimonialRoute, testimonials, { body: validReview() });
    await check(r.listTestimonialsRoute, testimonials);

    await storeAdminPassword(password);
    const signIn = await adminSession(request(r.signInRoute, { body: { password } }));
    await readAnswer(r.signInRoute, signIn.clone());
    covered.add(r.signInRoute);
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;

    await check(r.sessionRoute, adminSession, { cookie });
    await check(r.summaryRoute, adminSummary, { cookie });
    await check(r.listAdminTestimonialsRoute, adminTestimonials, { cookie });
    await check(r.setTestimonialApprovedRoute, adminTestimonials, {
      cookie,
      id: review.id,
      body: { approved: true },
    });
    await check(r.rejectTestimonialRoute, adminTestimonials, {
      cookie,
      body: { id: review.id, reason: "duplicate" },
    });
    await check(r.replyTestimonialRoute, adminTestimonials, {
      cookie,
      body: { id: review.id, text: "Thank you." },
    });
    await check(r.deleteTestimonialRoute, adminTestimonials, { cookie, id: review.id });
    await check(r.addJobRoute, adminSubmissions, {
      cookie,
      body: {
        source: "phone",
        name: "Contract Phone Job",
        phone: "07700 900777",
        email: "contract.job@example.com",
        address: "2 Contract Lane, Kirkcaldy KY1 1AA",
        service: "floor-carpet",
        message: "Lay a carpet in the spare room.",
      },
    });
    const { submissions } = await check(r.listRequestsRoute, adminSubmissions, { cookie });
    // The workflow and review checks take the request to done; the appointment checks below need the
    // booking still open, so these use another request.
    const id = submissions.find((s) => s.id !== booking.id)!.id;
    const { submission: one } = await check(r.getRequestRoute, adminSubmissions, {
      cookie,
      id: booking.id,
    });
    expect(one).toMatchObject({ id: booking.id, firstPreferredDate: expect.any(String), photoCount: 0 });
    await check(r.updateRequestRoute, adminSubmissions, {
      cookie,
      id,
      body: { isRead: true, state: "contacted", note: "Called back" },
    });
    const exported = await adminSubmissions(request(r.exportRequestsRoute, { cookie }));
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    await exported.arrayBuffer();
    covered.add(r.exportRequestsRoute);
    await check(r.bulkRequestsRoute, adminSubmissions, { cookie, body: { ids: [id], action: "read" } });
    const query = { submissionId: String(id) };
    await check(r.reviewSettingsRoute, adminReviewInvitations, { cookie });
    await check(r.saveReviewSettingsRoute, adminReviewInvitations, { cookie, body: { autoInvite: false } });
    setMailSender(null);
    await check(r.updateRequestRoute, adminSubmissions, { cookie, id, body: { state: "done" } });
    const preview = await check(r.previewReviewInvitationRoute, adminReviewInvitations, {
      cookie,
      query: { submissionId: String(id) },
    });
    expect(preview.text).toContain("[your one-time review link]");
    await check(r.sendReviewInvitationRoute, adminReviewInvitations, { cookie, body: { submissionId: id } });
    setMailSender(undefined);
    await check(r.listReviewInvitationsRoute, adminReviewInvitations, { cookie, query });
    const [invite] = await getDb()
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "review_invitation"));
    await sendPending(getDb(), { submissionId: id });
    const token = /#invite=([A-Za-z0-9_-]{43})/.exec(sentMessage(invite!.id).text)![1]!;
    await check(r.reviewInvitationRoute, reviewInvitation, { body: { token } });
    await check(r.listHistoryRoute, adminHistory, { cookie, query });
    await check(r.revokeLinksRoute, adminHistory, { cookie, body: { submissionId: id } });
    const { note } = await check(r.addNoteRoute, adminNotes, {
      cookie,
      body: { submissionId: id, body: "x" },
    });
    await check(r.listNotesRoute, adminNotes, { cookie, query });
    await check(r.editNoteRoute, adminNotes, { cookie, id: note.id, body: { body: "y" } });
    await check(r.deleteNoteRoute, adminNotes, { cookie, id: note.id });
    await check(r.bookingAppointmentsRoute, adminAppointments, { cookie, id: booking.id });
    await check(r.actOnAppointmentRoute, adminAppointments, {
      cookie,
      id: booking.id,
      body: { action: "confirm", date: dates[0]!.date, window: "any" },
    });
    // On the day (docs/decisions/040-on-the-day.md): a visit confirmed for today, written directly.
    const forToday = await check(r.contactRoute, contact, { body: validContact() });
    const [visit] = await getDb()
      .insert(appointments)
      .values({
        submissionId: forToday.id,
        uid: `contract-${forToday.id}@test.example`,
        date: dateInZone(new Date()),
        window: "any",
        status: "confirmed",
        confirmedAt: new Date(),
      })
      .returning();
    await check(r.onMyWayRoute, adminAppointmentDay, { cookie, id: visit!.id, body: { etaMinutes: 30 } });
    await check(r.runningLateRoute, adminAppointmentDay, { cookie, id: visit!.id, body: { etaMinutes: 20 } });
    await check(r.completeVisitRoute, adminAppointmentDay, {
      cookie,
      id: visit!.id,
      body: { note: "Done." },
    });
    // Quotes (docs/decisions/029-quotes.md), on a request of their own: cancelling one closes it.
    const forQuote = await check(r.contactRoute, contact, { body: validContact() });
    const { quote: draft } = await check(r.createQuoteRoute, adminRequestQuotes, {
      cookie,
      id: forQuote.id,
      body: {
        lines: [
          { description: "Fit a tap", quantity: 1, unitPence: 8500 },
          { description: "Descale the shower", quantity: 1.5, unitPence: 2000, optional: true },
        ],
      },
    });
    await check(r.listQuotesRoute, adminRequestQuotes, { cookie, id: forQuote.id });
    await check(r.getQuoteRoute, adminQuotes, { cookie, id: draft.id });
    await check(r.updateQuoteRoute, adminQuotes, { cookie, id: draft.id, body: { depositPercent: 10 } });
    await check(r.sendQuoteRoute, adminQuotes, { cookie, id: draft.id });
    const quotePdf = await adminQuotes(request(r.quotePdfRoute, { cookie, id: draft.id }), {
      params: { id: String(draft.id) },
    });
    expect(quotePdf.status).toBe(200);
    expect(quotePdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await quotePdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    covered.add(r.quotePdfRoute);
    await acceptQuote(
      forQuote.id,
      { quoteId: draft.id, optionalLineIds: [], expressStart: true },
      serviceContext(),
    );
    await check(r.cancelQuoteRoute, adminQuotes, { cookie, id: draft.id, body: { reason: "By phone" } });
    await check(r.recordAmountOwedRoute, adminQuotes, {
      cookie,
      id: draft.id,
      body: { amountOwedPence: 1000 },
    });
    const forVerbal = await check(r.contactRoute, contact, { body: validContact() });
    const { quote: toAccept } = await check(r.createQuoteRoute, adminRequestQuotes, {
      cookie,
      id: forVerbal.id,
      body: { lines: [{ description: "Fit a tap", quantity: 1, unitPence: 8500 }] },
    });
    await check(r.verbalAcceptanceRoute, adminQuotes, {
      cookie,
      id: toAccept.id,
      body: { acceptedBy: "Jean Morrison", method: "phone", expressStart: false },
    });
    const { item } = await check(r.addPriceListItemRoute, adminPriceList, {
      cookie,
      body: { description: "Labour", unitPence: 4500, unit: "hour" },
    });
    await check(r.listPriceListRoute, adminPriceList, { cookie });
    await check(r.updatePriceListItemRoute, adminPriceList, {
      cookie,
      id: item.id,
      body: { unitPence: 5000 },
    });
    await check(r.deletePriceListItemRoute, adminPriceList, { cookie, id: item.id });

    // The website's content (docs/decisions/050-site-content.md).
    const siteContent = await check(r.getSiteRoute, adminSite, { cookie });
    const { service } = await check(r.addSiteServiceRoute, adminSite, {
      cookie,
      body: {
        name: "Gutter Clearing",
        summary: "Gutters cleared.",
        description: "Gutters and downpipes cleared.",
        startingPricePence: 9500,
        priceBasis: "fixed",
      },
    });
    await check(r.updateSiteServiceRoute, adminSite, { cookie, id: service.id, body: { hidden: true } });
    const { faq } = await check(r.addSiteFaqRoute, adminSite, {
      cookie,
      body: { question: "Do you clear gutters?", answer: "Yes." },
    });
    await check(r.updateSiteFaqRoute, adminSite, {
      cookie,
      id: faq.id,
      body: { answer: "Yes, **all year**." },
    });
    const { member } = await check(r.addSiteTeamMemberRoute, adminSite, {
      cookie,
      body: { name: "Sam Doig", role: "Apprentice", bio: "Sam joined from Fife College." },
    });
    await check(r.updateSiteTeamMemberRoute, adminSite, { cookie, id: member.id, body: { hidden: true } });
    const { town } = await check(r.addSiteTownRoute, adminSite, {
      cookie,
      body: { name: "Leven", latitude: 56.195, longitude: -2.994 },
    });
    await check(r.updateSiteTownRoute, adminSite, { cookie, id: town.id, body: { position: 0 } });
    expect(siteContent.services.length).toBeGreaterThan(0);
    await check(r.publishSiteRoute, adminSite, { cookie });
    await check(r.publishStatusRoute, adminSite, { cookie });
    await check(r.restoreSiteRoute, adminSite, { cookie });
    // Netlify's notification is signed, not called with a cookie (tests/integration/site-content.test.ts).
    covered.add(r.deployNotificationRoute);

    // The gallery (docs/decisions/058-gallery.md): a multipart upload, then its image and the rest.
    const galleryForm = new FormData();
    galleryForm.set("photo", new Blob([new Uint8Array(await png(400, 300))], { type: "image/png" }));
    for (const [name, value] of Object.entries({
      caption: "Shelves fitted",
      town: "Leven",
      service: "floor-carpet",
    }))
      galleryForm.set(name, value);
    const galleryBody = new Response(galleryForm);
    const added = await adminSiteGallery(
      new Request(base + r.addGalleryItemRoute.path, {
        method: "POST",
        headers: {
          Origin: base,
          Cookie: cookie,
          Accept: "application/json",
          "Content-Type": galleryBody.headers.get("content-type")!,
        },
        body: await galleryBody.arrayBuffer(),
      }),
    );
    expect(added.status).toBe(201);
    const { item: galleryItem } = await readAnswer(r.addGalleryItemRoute, added);
    covered.add(r.addGalleryItemRoute);
    const image = await adminSiteGalleryImages(
      new Request(`${base}/api/admin/site/gallery/images/${galleryItem.images[0]!.id}`, {
        headers: { Cookie: cookie },
      }),
    );
    expect(image.status).toBe(200);
    covered.add(r.galleryImageRoute);
    await check(r.galleryJobsRoute, adminSiteGallery, { cookie });
    await check(r.recordGalleryConsentRoute, adminSiteGallery, {
      cookie,
      body: { submissionId: booking.id, note: "Agreed in writing on the quote" },
    });
    await check(r.withdrawGalleryConsentRoute, adminSiteGallery, {
      cookie,
      id: booking.id,
      body: { note: "Asked us by phone to take the photos down" },
    });
    await check(r.updateGalleryItemRoute, adminSiteGallery, {
      cookie,
      id: galleryItem.id,
      body: { caption: "Garden fence painted", position: 0 },
    });
    await check(r.deleteGalleryItemRoute, adminSiteGallery, { cookie, id: galleryItem.id });

    // Invoices (docs/decisions/032-invoices.md), on the request whose quote was accepted above.
    const today = new Date().toISOString().slice(0, 10);
    const invoiceLines = [{ description: "Fit a shelf", quantity: 1, unitPence: 4000 }];
    const { invoice: spare } = await check(r.createInvoiceRoute, adminInvoices, {
      cookie,
      body: { kind: "direct", submissionId: forQuote.id, lines: invoiceLines },
    });
    await check(r.deleteInvoiceRoute, adminInvoices, { cookie, id: spare.id });
    const { invoice } = await check(r.createInvoiceRoute, adminInvoices, {
      cookie,
      body: { kind: "direct", submissionId: forQuote.id, lines: invoiceLines },
    });
    await check(r.updateInvoiceRoute, adminInvoices, { cookie, id: invoice.id, body: { note: "Thanks" } });
    await check(r.issueInvoiceRoute, adminInvoices, { cookie, id: invoice.id });
    await check(r.getInvoiceRoute, adminInvoices, { cookie, id: invoice.id });
    await check(r.listInvoicesRoute, adminInvoices, { cookie, query: { status: "unpaid" } });
    await check(r.sendInvoiceRoute, adminInvoices, { cookie, id: invoice.id });
    const invoicePdf = await adminInvoices(request(r.invoicePdfRoute, { cookie, id: invoice.id }));
    expect(invoicePdf.headers.get("content-type")).toBe("application/pdf");
    covered.add(r.invoicePdfRoute);
    const { payment } = await check(r.addPaymentRoute, adminInvoices, {
      cookie,
      id: invoice.id,
      body: { amountPence: 1000, method: "cash", receivedOn: today },
    });
    const removed = await adminInvoicePayment(
      new Request(`${base}/api/admin/invoices/${invoice.id}/payments/${payment.id}`, {
        method: "DELETE",
        headers: { Cookie: cookie, Origin: base, Accept: "application/json" },
      }),
    );
    expect(removed.status).toBe(200);
    await readAnswer(r.removePaymentRoute, removed);
    covered.add(r.removePaymentRoute);
    await check(r.createCreditNoteRoute, adminInvoices, {
      cookie,
      id: invoice.id,
      body: { reason: "Goodwill" },
    });
    // An overpayment to refund (docs/decisions/060-money-corrections.md), listed, then paid back.
    const { invoice: overpaid } = await check(r.createInvoiceRoute, adminInvoices, {
      cookie,
      body: { kind: "direct", submissionId: forQuote.id, lines: invoiceLines },
    });
    await check(r.issueInvoiceRoute, adminInvoices, { cookie, id: overpaid.id });
    const { payment: over } = await check(r.addPaymentRoute, adminInvoices, {
      cookie,
      id: overpaid.id,
      body: { amountPence: 5000, method: "cash", receivedOn: today, excess: "refund" },
    });
    await check(r.listAccountCreditsRoute, adminAccountCredits, { cookie });
    await check(r.refundPaidRoute, adminAccountCredits, {
      cookie,
      id: over.excess!.id,
      body: { method: "bank_transfer", refundedOn: today },
    });
    await check(r.requestInvoicesRoute, adminInvoicesRequest, { cookie, id: forQuote.id });
    await check(r.moneySummaryRoute, adminMoney, { cookie });
    const { customers: found } = await check(r.listCustomersRoute, adminCustomers, { cookie });
    const customerId = found[0]!.id;
    await check(r.getCustomerRoute, adminCustomers, { cookie, id: customerId });
    await check(r.updateCustomerRoute, adminCustomers, {
      cookie,
      id: customerId,
      body: { notes: "Ring first." },
    });
    await check(r.getBusinessSettingsRoute, adminBusiness, { cookie });
    await check(r.updateBusinessSettingsRoute, adminBusiness, {
      cookie,
      body: { tradingAs: "sole_trader", soleTraderName: "Jane Smith" },
    });
    await check(r.updateBusinessSettingsRoute, adminBusiness, { cookie, body: { tradingAs: "company" } });
    await check(r.vatSummaryRoute, adminInvoices, { cookie, query: { from: today, to: today } });
    for (const csv of [r.exportInvoicesRoute, r.exportPaymentsRoute]) {
      const res = await adminInvoices(request(csv, { cookie, query: { from: today, to: today } }));
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      covered.add(csv);
    }
    const pdfDownload = await customerPage(
      request(r.customerInvoicePdfRoute, { query: { invoice: String(invoice.id) } }),
    );
    expect(pdfDownload.status).toBe(404); // the route's own token placeholder opens nothing
    covered.add(r.customerInvoicePdfRoute);

    // Card payments (docs/decisions/048-card-payments-stripe.md), against the Stripe-compatible
    // test server: a second invoice paid through Checkout and the signed webhook, then refunded.
    const stripeServer = await startStripeServer({ webhookSecret: "whsec_contracts" });
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: "sk_test_contracts",
      STRIPE_WEBHOOK_SECRET: "whsec_contracts",
      STRIPE_API_BASE: stripeServer.apiBase,
    });
    try {
      const payPage = await customerPage(
        request(r.payInvoiceRoute, { body: { invoice: String(invoice.id) } }),
      );
      expect(payPage.status).toBe(404); // the route's own token placeholder opens nothing
      covered.add(r.payInvoiceRoute);
      // The invoice-only page (docs/decisions/053-invoice-links.md): the placeholder token opens nothing.
      for (const route of [r.invoiceLinkPageRoute, r.invoiceLinkPdfRoute, r.invoiceLinkPayRoute]) {
        const answer = await invoiceLink(
          request(route, route.method === "POST" ? { body: { invoice: String(invoice.id) } } : {}),
        );
        expect(answer.status, route.path).toBe(404);
        covered.add(route);
      }
      const { invoice: cardInvoice } = await check(r.createInvoiceRoute, adminInvoices, {
        cookie,
        body: { kind: "direct", submissionId: forQuote.id, lines: invoiceLines },
      });
      await check(r.issueInvoiceRoute, adminInvoices, { cookie, id: cardInvoice.id });
      const { url } = await startCheckout(
        { invoiceId: cardInvoice.id, access: { kind: "request", requestId: forQuote.id }, returnUrl: base },
        serviceContext(),
      );
      const paid = stripeServer.signed(stripeServer.pay(url.split("/").at(-1)!));
      const hook = await stripeWebhook(
        new Request(base + r.stripeWebhookRoute.path, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Stripe-Signature": paid.header },
          body: paid.payload,
        }),
      );
      expect(hook.status).toBe(200);
      await readAnswer(r.stripeWebhookRoute, hook);
      covered.add(r.stripeWebhookRoute);
      const { creditNote } = await check(r.createCreditNoteRoute, adminInvoices, {
        cookie,
        id: cardInvoice.id,
        body: { reason: "Shelf not needed" },
      });
      await check(r.cardRefundsRoute, adminPayments, {
        cookie,
        query: { invoiceId: String(cardInvoice.id) },
      });
      await check(r.refundToCardRoute, adminPayments, { cookie, body: { creditNoteId: creditNote.id } });
      const [alert] = await getDb()
        .insert(paymentAlerts)
        .values({
          kind: "overpaid",
          invoiceId: cardInvoice.id,
          paymentIntentId: "pi_contracts",
          amountPence: 100,
          message: "Refund £1.00.",
        })
        .returning();
      await check(r.listPaymentAlertsRoute, adminPayments, { cookie });
      await check(r.resolvePaymentAlertRoute, adminPayments, { cookie, id: alert!.id });
    } finally {
      for (const k of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE"])
        delete process.env[k];
      await stripeServer.close();
    }

    const vapid = webpush.generateVAPIDKeys();
    process.env["VAPID_PUBLIC_KEY"] = vapid.publicKey;
    process.env["VAPID_PRIVATE_KEY"] = vapid.privateKey;
    const pushService = await startPushService({ vapidPublicKey: vapid.publicKey });
    process.env["LOCAL_PUSH_ORIGIN"] = pushService.origin;
    try {
      await check(r.pushPublicKeyRoute, adminPush, { cookie });
      const { device } = await check(r.pushSubscribeRoute, adminPush, {
        cookie,
        body: { ...pushService.subscribe().subscription, name: "Phone" },
      });
      await check(r.pushSettingsRoute, adminPush, { cookie });
      await check(r.savePushSettingsRoute, adminPush, {
        cookie,
        body: { kinds: [{ kind: "quote_opened", enabled: true }] },
      });
      await check(r.pushRenameRoute, adminPush, { cookie, id: device.id, body: { name: "Van phone" } });
      expect(await check(r.pushTestRoute, adminPush, { cookie, body: {} })).toEqual({ sent: 1, failed: 0 });
      await check(r.pushUnsubscribeRoute, adminPush, { cookie, id: device.id });
    } finally {
      await pushService.close();
      delete process.env["LOCAL_PUSH_ORIGIN"];
      delete process.env["VAPID_PUBLIC_KEY"];
      delete process.env["VAPID_PRIVATE_KEY"];
    }
    await check(r.availabilitySettingsRoute, adminAvailability, { cookie });
    await check(r.saveAvailabilityRoute, adminAvailability, { cookie, body: { dailyCap: 3 } });
    const day = dates.at(-1)!.date;
    await check(r.blockDateRoute, adminAvailability, { cookie, body: { date: day, label: "Holiday" } });
    await check(r.unblockDateRoute, adminAvailability, { cookie, query: { date: day } });
    await check(r.scheduleRoute, adminSchedule, { cookie, query: { from: dates[0]!.date, to: day } });
    const { url } = await check(r.replaceCalendarFeedRoute, adminAvailability, { cookie });
    const feed = await calendarFeed(new Request(base + new URL(url).pathname));
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");
    covered.add(r.calendarFeedRoute);

    // The customer's page answers HTML pages (docs/decisions/019-customer-page.md).
    const [confirmation] = await getDb()
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "customer_confirmation"), eq(mailOutbox.submissionId, booking.id)));
    await sendPending(getDb(), { submissionId: booking.id });
    const pagePath = /\/request\/[A-Za-z0-9_-]{22}/.exec(sentMessage(confirmation!.id).text)![0];
    const page = async (route: Route, path: string, form?: Record<string, string>) => {
      const res = await customerPage(
        new Request(base + path, {
          method: route.method,
          headers: {
            Accept: "text/html",
            Origin: base,
            "x-forwarded-for": randomIp(),
            ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
          },
          ...(form ? { body: new URLSearchParams(form).toString() } : {}),
        }),
      );
      expect(res.status, `${route.method} ${path}`).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      covered.add(route);
      return res.text();
    };
    const step = await page(r.customerPageRoute, `${pagePath}?step=message`);
    const nonce = /name="nonce" value="([^"]+)"/.exec(step)![1]!;
    await page(r.customerActionRoute, pagePath, { action: "message", nonce, message: "Gate code 12." });
    await page(r.lostLinkFormRoute, "/request/lost");
    await page(r.lostLinkRoute, "/request/lost", { email: "nobody@example.com" });
    await check(r.attentionRoute, adminAttention, { cookie });
    const email = submissions[0]!.email;
    await check(r.findPersonRoute, adminPerson, { cookie, body: { email } });
    const personFile = await adminPerson(request(r.exportPersonRoute, { cookie, body: { email } }));
    expect(personFile.status).toBe(200);
    expect(personFile.headers.get("content-disposition")).toMatch(/^attachment;/);
    await personFile.arrayBuffer();
    covered.add(r.exportPersonRoute);
    await check(r.listAuditRoute, adminPerson, { cookie });
    await check(r.makeTextLinkRoute, adminSubmissions, { cookie, id, body: { about: "page" } });
    await check(r.anonymiseRequestRoute, adminSubmissions, { cookie, id });
    await check(r.deleteRequestRoute, adminSubmissions, { cookie, id });
    await check(r.erasePersonRoute, adminPerson, { cookie, body: { email } });
    await check(r.listFailedMailRoute, adminMail, { cookie });
    await check(r.retryMailRoute, adminMail, { cookie, body: {} });
    const changed = await adminPassword(
      request(r.changePasswordRoute, {
        cookie,
        body: { currentPassword: password, newPassword: `${password}!`, confirmPassword: `${password}!` },
      }),
    );
    expect(changed.ok).toBe(true);
    await readAnswer(r.changePasswordRoute, changed.clone());
    covered.add(r.changePasswordRoute);
    // The change signs every earlier token out and hands this device a fresh one.
    const fresh = changed.headers.get("set-cookie")!.split(";")[0]!;
    await check(r.signOutRoute, adminSession, { cookie: fresh });

    expect([...covered].sort((a, b) => (a.path + a.method).localeCompare(b.path + b.method))).toEqual(
      Object.values(routes).sort((a, b) => (a.path + a.method).localeCompare(b.path + b.method)),
    );
    // Its own budget: it calls every route of the site one after another (more than a hundred
    // calls, PDFs among them): 21 s on PGlite at a load average of 16, over 30 s on PostgreSQL at 20.
  }, 120_000);

  it("refuses an answer that departs from the contract, in the client and in the form outcome", async () => {
    const wrong = () => new Response(JSON.stringify({ id: "7" }), { status: 201 });
    await expect(readAnswer(publicRoutes.contactRoute, wrong())).rejects.toThrow(/id/);
    expect(await toOutcome(wrong(), publicRoutes.contactRoute)).toMatchObject({
      kind: "server",
      status: 201,
    });
    const wrongStatus = new Response(JSON.stringify({ id: 7 }), { status: 200 });
    await expect(readAnswer(publicRoutes.contactRoute, wrongStatus)).rejects.toThrow(/200/);
  });
});
