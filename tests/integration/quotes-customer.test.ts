/**
 * The quote on the customer's page, through the page's Netlify handler on a real database (PGlite,
 * and PostgreSQL under scripts/with-postgres.ts): what the page shows before the button, accepting
 * with an optional line and an early start (the evidence, the e-mails), "Update the total" without
 * JavaScript, a button whose total no longer matches the ticks, declining with a reason,
 * cancelling within the 14 days and after them, a double or stale accept, another request's quote
 * id, a post without the form's key or from another site, markup in every text, and opening the
 * quote (a GET never counts; the page's own signal does).
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import bookings from "../../netlify/functions/bookings.mts";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import { site } from "../../src/config/site";
import { earlyStartCancelOwedText, expressStartText, quoteTermsText } from "../../src/data/consumer-rights";
import { customerPage, newFormKey } from "../../src/features/customer-page/service";
import { actOnQuote } from "../../src/features/customer-page/service-quote";
import { chosenOptions, termsFactsFor } from "../../src/features/customer-page/quote-view";
import { quoteScript } from "../../src/features/customer-page/html-quote";
import { quoteInputSchema, type Quote, type QuoteInput } from "../../src/features/quotes/contract";
import { createQuote, getQuote, sendQuote, updateQuote } from "../../src/features/quotes/service";
import { quotePatchSchema } from "../../src/features/quotes/contract";
import { appointments, requests, mailOutbox } from "../../src/features/tables";
import { serviceContext } from "../../src/platform/context";
import { addDays, dateInZone, wallClockInstant } from "../../src/platform/time";
import { escapeHtml } from "../../src/platform/http/html-page";
import { businessFact } from "../../src/lib/business-facts";
import { useTestDatabase } from "../helpers/db";
import { getRequest, jsonRequest, randomIp, validBooking } from "../helpers/http";
import { sendPending, sentMessage } from "../helpers/sent-mail";

const t = useTestDatabase();
const origin = "http://localhost";
const tokenIn = /\/request\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/;

async function book(overrides: Record<string, unknown> = {}) {
  const response = await bookings(jsonRequest("/api/bookings", validBooking(overrides)));
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const mailFor = (id: number) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, id)).orderBy(mailOutbox.id);

/** The token in the newest customer e-mail of a request, as sent. */
async function latestToken(id: number): Promise<string> {
  await sendPending(t.db, { submissionId: id });
  const rows = (await mailFor(id)).filter((m) => !m.kind.startsWith("owner_"));
  const text = sentMessage(rows.at(-1)!.id).text;
  return tokenIn.exec(text)![1]!;
}

const standardLines: QuoteInput["lines"] = [
  { description: "Replace kitchen tap and isolation valves", quantity: 1, unitPence: 18_000 },
  { description: "Labour", quantity: 2.5, unitPence: 4_000 },
  { description: "Reseal the sink", quantity: 1, unitPence: 3_550, optional: true },
  { description: "Replace the waste trap", quantity: 1, unitPence: 2_200, optional: true },
];

/** A booking with a quote sent to the customer, and the token of the e-mail that carried it. */
async function quoted(input: Partial<QuoteInput> = {}, booking: Record<string, unknown> = {}) {
  const id = await book(booking);
  const ctx = serviceContext();
  const draft = await createQuote(id, quoteInputSchema.parse({ lines: standardLines, ...input }), ctx);
  const quote = await sendQuote(draft.id, ctx);
  const token = await latestToken(id);
  return { id, quote, token };
}

const get = (path: string, headers: Record<string, string> = {}) =>
  customerPageFn(getRequest(path, { headers }));

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = { origin }) {
  return customerPageFn(
    new Request(`${origin}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
        "x-forwarded-for": randomIp(),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

/** The hidden fields of the quote form as the page rendered them. */
function formFields(html: string): Record<string, string> {
  const form = /<form method="post"[^>]*class="accept"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  expect(form, "the page has the quote form").not.toBeNull();
  const fields: Record<string, string> = {};
  for (const m of form![1]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[m[1]!] = m[2]!;
  }
  return fields;
}

const buttonText = (html: string) => /value="accept-quote"[^>]*>([^<]*)<\/button>/.exec(html)?.[1];

const optionId = (q: Quote, n: number) => q.lines.filter((l) => l.optional)[n]!.id;

async function pageHtml(token: string, query = "") {
  const res = await get(`/request/${token}${query}`);
  const html = await res.text();
  expect(res.status, html).toBe(200);
  return html;
}

/** The one-time key of a quote step's confirmation form. */
async function stepNonce(token: string, step: string) {
  const html = await pageHtml(token, `?step=${step}`);
  return /name="nonce" value="([^"]+)"/.exec(html)![1]!;
}

const redirectOf = (res: Response) => {
  expect(res.status).toBe(303);
  return res.headers.get("location")!;
};

describe("the quote on the customer's page", () => {
  it("shows the lines, the unticked extras, the totals, every piece of pre-contract information before the button, and an unticked early-start box", async () => {
    const { token, quote } = await quoted({ depositPence: 5_000 });
    const res = await get(`/request/${token}`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    // The page's one script runs by its hash; nothing else may.
    const csp = res.headers.get("content-security-policy")!;
    const hash = createHash("sha256").update(quoteScript).digest("base64");
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline");
    const html = await res.text();
    for (const l of quote.lines) expect(html).toContain(escapeHtml(l.description));
    // 180 + 2.5 × 40 = 280 without the extras.
    expect(buttonText(html)).toBe("Accept and agree to pay £280.00");
    expect(html).toContain("£280.00");
    expect(html).toMatch(/Deposit, due before the work starts<\/dt><dd>£50\.00/);
    expect(html).toContain(`Valid until<strong>`);
    for (const l of quote.lines.filter((x) => x.optional)) {
      expect(html).toMatch(
        new RegExp(`<input type="checkbox" id="option-${l.id}" name="option-${l.id}" value="yes" data-net`),
      );
    }
    expect(html).toMatch(/<input type="checkbox" id="expressStart" name="expressStart" value="yes">/);
    expect(html).toContain(escapeHtml(expressStartText));
    // Every piece of the pre-contract information comes before the button, in its order.
    const button = html.indexOf('value="accept-quote"');
    const headings = [
      "Who we are",
      "The work and its price",
      "Deposit and payment",
      "Your right to cancel",
      "If you want us to start sooner",
      "Complaints",
      "Model cancellation form",
    ];
    let at = 0;
    for (const h of headings) {
      const found = html.indexOf(`<h4>${h}</h4>`, at);
      expect(found, h).toBeGreaterThan(0);
      expect(found).toBeLessThan(button);
      at = found;
    }
    const ends = addDays(dateInZone(new Date()), 14);
    expect(html).toContain("If you accept today, your cancellation period ends at the end of");
    expect(html).toContain(site.company.registeredName);
    expect(html).toContain(site.phone.display);
    expect(ends).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(html).toContain('href="/request/' + token + '?step=decline-quote"');
    // Opening the page is not "opened": a mail scanner's GET looks the same.
    expect((await getQuote(quote.id, serviceContext())).status).toBe("sent");
  });

  it("without JavaScript, Update the total shows the new total on the button (POST, then GET)", async () => {
    const { token, quote } = await quoted();
    const fields = formFields(await pageHtml(token));
    const sink = optionId(quote, 0);
    const res = await post(`/request/${token}`, {
      ...fields,
      [`option-${sink}`]: "yes",
      expressStart: "yes",
      action: "update-total",
    });
    const location = redirectOf(res);
    expect(location).toBe(`/request/${token}?options=${sink}&start=1#quote`);
    const html = await pageHtml(token, location.replace(`/request/${token}`, "").replace("#quote", ""));
    expect(buttonText(html)).toBe("Accept and agree to pay £315.50");
    expect(html).toMatch(new RegExp(`id="option-${sink}" name="option-${sink}" value="yes" checked`));
    expect(html).toMatch(/id="expressStart" name="expressStart" value="yes" checked/);
    // A post from the page marks the quote opened.
    expect((await getQuote(quote.id, serviceContext())).status).toBe("viewed");
  });

  it("accepts with an optional line and an early start: evidence of what was shown, e-mails at once, the page says so", async () => {
    const { id, token, quote } = await quoted({ depositPercent: 10 });
    const sink = optionId(quote, 0);
    const html = await pageHtml(token, `?options=${sink}`);
    const fields = formFields(html);
    expect(fields["total"]).toBe("31550");
    const before = (await mailFor(id)).length;
    const res = await post(`/request/${token}`, {
      ...fields,
      [`option-${sink}`]: "yes",
      expressStart: "yes",
      action: "accept-quote",
    });
    expect(redirectOf(res)).toBe(`/request/${token}?done=accepted#quote`);

    const accepted = await getQuote(quote.id, serviceContext());
    expect(accepted.status).toBe("accepted");
    expect(accepted.acceptance).toMatchObject({
      totalPence: 31_550,
      expressStart: true,
      optionalLinesChosen: [sink],
      depositPence: 3_155,
      cancelUntil: addDays(dateInZone(new Date()), 14),
    });
    // The hash is of the terms the page showed before the button.
    const facts = termsFactsFor(quote, chosenOptions(quote, [sink]), dateInZone(new Date()));
    const shownTerms = quoteTermsText(facts);
    for (const paragraph of shownTerms.split("\n\n").filter((p) => !/^[A-Z ]+$/.test(p))) {
      for (const line of paragraph.split("\n")) expect(html).toContain(escapeHtml(line));
    }
    expect(accepted.acceptance!.termsHash).toBe(createHash("sha256").update(shownTerms).digest("hex"));

    // The customer's confirmation and the owner's alert, queued at once and sent.
    const mails = (await mailFor(id)).slice(before);
    expect(mails.map((m) => m.kind).sort()).toEqual(["owner_quote_update", "quote_accepted"]);
    await sendPending(t.db, { submissionId: id });
    const confirmation = sentMessage(mails.find((m) => m.kind === "quote_accepted")!.id);
    expect(confirmation.text).toContain("£315.50");
    expect(confirmation.text).toContain(expressStartText);
    expect(confirmation.text).toContain("MODEL CANCELLATION FORM");
    expect(confirmation.attachments?.[0]?.contentType).toBe("application/pdf");

    const after = await pageHtml(token, "?done=accepted");
    expect(after).toContain("Quote accepted");
    expect(after).toContain("agreed to pay <strong>£315.50</strong>");
    expect(after).toContain("Optional: chosen");
    expect(after).toContain("Optional: not chosen");
    expect(after).toContain(`href="/request/${token}?step=cancel-quote"`);
    expect(after).toContain(">Cancel</a>");
    expect(after).not.toContain('value="accept-quote"');
    // The request itself is no longer cancelled by its own button: the contract has its own.
    expect(after).not.toContain('?step=cancel"');
  });

  it("a reloaded accept changes nothing; a second accept is told it is accepted already; a stale total is refused and shown again", async () => {
    const { id, token, quote } = await quoted();
    const sink = optionId(quote, 0);
    const fields = formFields(await pageHtml(token));
    // The box ticked without pressing Update: the button said £280.00, the ticks make £315.50.
    const stale = await post(`/request/${token}`, {
      ...fields,
      [`option-${sink}`]: "yes",
      action: "accept-quote",
    });
    expect(stale.status).toBe(422);
    const again = await stale.text();
    expect(again).toContain("With the extras ticked, the total is £315.50. Nothing has been accepted yet");
    expect(buttonText(again)).toBe("Accept and agree to pay £315.50");
    expect((await getQuote(quote.id, serviceContext())).acceptance).toBeNull();

    const sure = formFields(again);
    const body = { ...sure, [`option-${sink}`]: "yes", action: "accept-quote" };
    expect(redirectOf(await post(`/request/${token}`, body))).toContain("?done=accepted");
    const mails = (await mailFor(id)).length;
    // The same form again (a reload, a double click): nothing more.
    expect(redirectOf(await post(`/request/${token}`, body))).toBe(`/request/${token}#quote`);
    // Another tab's form (a fresh key): a clear sentence, nothing changed.
    const other = await post(`/request/${token}`, { ...body, nonce: newFormKey(new Date()) });
    expect(other.status).toBe(409);
    expect(await other.text()).toContain("You have already accepted this quote; nothing more was changed.");
    expect((await mailFor(id)).length).toBe(mails);
    expect((await getQuote(quote.id, serviceContext())).acceptance!.totalPence).toBe(31_550);
  });

  it("a superseded or expired quote cannot be accepted: a clear message, nothing changes", async () => {
    const { token, quote } = await quoted();
    const fields = formFields(await pageHtml(token));
    const next = await updateQuote(
      quote.id,
      quotePatchSchema.parse({ lines: [{ description: "Tap only", quantity: 1, unitPence: 15_000 }] }),
      serviceContext(),
    );
    const res = await post(`/request/${token}`, { ...fields, action: "accept-quote" });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("replaced by a newer version");
    expect((await getQuote(quote.id, serviceContext())).status).toBe("superseded");
    // Until the new version is sent, the page says it is being changed; then it shows the new one.
    expect(await pageHtml(token)).toContain("This quote is being changed");
    await sendQuote(next.id, serviceContext());
    expect(buttonText(await pageHtml(token))).toBe("Accept and agree to pay £150.00");

    const old = await quoted({ validUntil: dateInZone(new Date()) });
    const later = serviceContext({ now: new Date(Date.now() + 2 * 86_400_000) });
    const view = await customerPage(old.token, later);
    expect(view.quote!.state).toMatchObject({ kind: "closed", headline: "This quote has expired" });
    await expect(
      actOnQuote(
        old.token,
        {
          action: "accept-quote",
          nonce: newFormKey(later.now),
          quote: old.quote.id,
          options: [],
          total: 28_000,
          day: dateInZone(later.now),
        },
        later,
      ),
    ).rejects.toMatchObject({ code: "quote_expired" });
  });

  it("declines with a reason after a confirmation step", async () => {
    const { id, token, quote } = await quoted();
    const nonce = await stepNonce(token, "decline-quote");
    const res = await post(`/request/${token}`, {
      action: "decline-quote",
      nonce,
      quote: String(quote.id),
      reason: "Too dear <b>for now</b>",
    });
    expect(redirectOf(res)).toBe(`/request/${token}?done=declined#quote`);
    const declined = await getQuote(quote.id, serviceContext());
    expect(declined.status).toBe("declined");
    expect(declined.declineReason).toBe("Too dear <b>for now</b>");
    const html = await pageHtml(token, "?done=declined");
    expect(html).toContain("Quote declined");
    expect(html).toContain("You declined quote");
    expect(html).toContain("Too dear &lt;b&gt;for now&lt;/b&gt;");
    expect(html).not.toContain("<b>for now</b>");
    expect((await mailFor(id)).at(-1)!.kind).toBe("owner_quote_update");
  });

  it("cancels within the 14 days after a confirmation step; after them, or for an urgent repair, the page says why and gives the phone number", async () => {
    const { id, token, quote } = await quoted({}, {});
    const fields = formFields(await pageHtml(token));
    await post(`/request/${token}`, { ...fields, expressStart: "yes", action: "accept-quote" });
    const step = await pageHtml(token, "?step=cancel-quote");
    expect(step).toContain("Cancel your accepted quote");
    expect(step).toContain("You asked us to start before your cancellation period ends");
    const nonce = /name="nonce" value="([^"]+)"/.exec(step)![1]!;
    const res = await post(`/request/${token}`, {
      action: "cancel-quote",
      nonce,
      quote: String(quote.id),
      reason: "Found someone nearer",
    });
    expect(redirectOf(res)).toBe(`/request/${token}?done=cancelled#quote`);
    expect((await getQuote(quote.id, serviceContext())).status).toBe("cancelled");
    const [request] = await t.db.select().from(requests).where(eq(requests.id, id));
    expect(request!.state).toBe("cancelled");
    const html = await pageHtml(token, "?done=cancelled");
    expect(html).toContain("Cancellation received");
    expect(html).toContain("in proportion to the total price");
    const mails = await mailFor(id);
    expect(mails.map((m) => m.kind)).toContain("quote_cancelled");

    // The morning after the 14 days (in London): no Cancel button, why, and the phone number.
    const late = await quoted();
    const lateFields = formFields(await pageHtml(late.token));
    await post(`/request/${late.token}`, { ...lateFields, action: "accept-quote" });
    const future = serviceContext({ now: wallClockInstant(addDays(dateInZone(new Date()), 15), "09:00") });
    const view = await customerPage(late.token, future);
    expect(view.quote!.state).toMatchObject({ kind: "accepted", cancel: { open: false } });
    const state = view.quote!.state as { cancel: { why: string } };
    expect(state.cancel.why).toContain("online cancellation is closed");
    // The phone is the published one, filled in where the answer leaves (the handler's edge).
    expect(state.cancel.why).toContain(`call us on ${businessFact.phone}`);
    await expect(
      actOnQuote(
        late.token,
        { action: "cancel-quote", nonce: newFormKey(future.now), quote: late.quote.id, options: [] },
        future,
      ),
    ).rejects.toMatchObject({ code: "cancellation_closed" });

    const urgent = await quoted({ urgentRepair: true });
    const urgentHtml = await pageHtml(urgent.token);
    expect(urgentHtml).toContain("No right to cancel: an urgent repair");
    expect(urgentHtml).not.toContain('id="expressStart"');
    await post(`/request/${urgent.token}`, { ...formFields(urgentHtml), action: "accept-quote" });
    const urgentAccepted = await pageHtml(urgent.token);
    expect(urgentAccepted).toContain("urgent repair");
    expect(urgentAccepted).not.toContain("?step=cancel-quote");
    const refused = await get(`/request/${urgent.token}?step=cancel-quote`);
    expect(await refused.text()).toContain("Online cancellation is closed");
  });

  it("after an early start, cancelling says what is owed; once the visit is done the right to cancel is gone", async () => {
    const { id, token, quote } = await quoted();
    await post(`/request/${token}`, {
      ...formFields(await pageHtml(token)),
      expressStart: "yes",
      action: "accept-quote",
    });
    // Work under way: Cancel is offered, with what cancelling then costs.
    const during = await pageHtml(token);
    expect(during).toContain("?step=cancel-quote");
    expect(during).toContain(escapeHtml(earlyStartCancelOwedText));

    // The owner records the visit done.
    await t.db.insert(appointments).values({
      submissionId: id,
      uid: `visit-${id}@test.example`,
      date: dateInZone(new Date()),
      window: "any",
      status: "completed",
      confirmedAt: new Date(),
      completedAt: new Date(),
    });
    const after = await pageHtml(token);
    expect(after).not.toContain("?step=cancel-quote");
    expect(after).not.toContain("Changed your mind?");
    expect(after).toContain("Once the work is finished at your request, the right to cancel ends");
    expect(after).toContain(escapeHtml(site.phone.display));
    const step = await get(`/request/${token}?step=cancel-quote`);
    expect(await step.text()).toContain("Online cancellation is closed");
    const ctx = serviceContext();
    await expect(
      actOnQuote(
        token,
        { action: "cancel-quote", nonce: newFormKey(ctx.now), quote: quote.id, options: [] },
        ctx,
      ),
    ).rejects.toMatchObject({ code: "work_finished" });
    expect((await getQuote(quote.id, ctx)).status).toBe("accepted");
    expect((await mailFor(id)).map((m) => m.kind)).not.toContain("quote_cancelled");

    // Without an early-start request a finished visit changes nothing: the 14 days still run.
    const plain = await quoted();
    await post(`/request/${plain.token}`, {
      ...formFields(await pageHtml(plain.token)),
      action: "accept-quote",
    });
    await t.db.insert(appointments).values({
      submissionId: plain.id,
      uid: `visit-${plain.id}@test.example`,
      date: dateInZone(new Date()),
      window: "any",
      status: "completed",
      confirmedAt: new Date(),
      completedAt: new Date(),
    });
    const plainHtml = await pageHtml(plain.token);
    expect(plainHtml).toContain("?step=cancel-quote");
    expect(plainHtml).not.toContain(escapeHtml(earlyStartCancelOwedText));
  });

  it("another request's quote id with this request's link is 404 and shows nothing of it", async () => {
    const mine = await quoted();
    const theirs = await quoted({
      lines: [{ description: "Secret attic conversion", quantity: 1, unitPence: 900_000 }],
    });
    const fields = formFields(await pageHtml(mine.token));
    for (const action of ["accept-quote", "update-total", "decline-quote"]) {
      const res = await post(`/request/${mine.token}`, {
        ...fields,
        quote: String(theirs.quote.id),
        action,
      });
      expect(res.status, action).toBe(404);
      const html = await res.text();
      expect(html).not.toContain("Secret attic conversion");
      expect(html).toContain("This link does not work");
    }
    expect((await getQuote(theirs.quote.id, serviceContext())).status).toBe("sent");
  });

  it("refuses a post without the page's form key, or from another site, and changes nothing", async () => {
    const { token, quote } = await quoted();
    const { nonce: _nonce, ...withoutKey } = formFields(await pageHtml(token));
    const res = await post(`/request/${token}`, { ...withoutKey, action: "accept-quote" });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("This form has expired");
    const forged = await post(
      `/request/${token}`,
      { ...formFields(await pageHtml(token)), action: "accept-quote" },
      { origin: "https://evil.example" },
    );
    expect(forged.status).toBe(403);
    expect((await getQuote(quote.id, serviceContext())).acceptance).toBeNull();
  });

  it("escapes markup in every line, the note and the reason", async () => {
    const { token } = await quoted({
      note: `<img src=x onerror="alert(1)"> Note`,
      lines: [
        { description: `<script>alert("line")</script> Tap`, quantity: 1, unitPence: 10_000 },
        { description: `"><b>extra</b>`, quantity: 1, unitPence: 500, optional: true },
      ],
    });
    const html = await pageHtml(token);
    // The one script is the page's own, whole, and nothing typed breaks out of the markup.
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toContain(`<script>${quoteScript}</script>`);
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b>extra</b>");
    expect(html).toContain("&lt;script&gt;alert(&quot;line&quot;)&lt;/script&gt; Tap");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Note");
  });

  it("the page's own signal marks the quote opened; a GET never does", async () => {
    const { token, quote } = await quoted();
    const html = await pageHtml(token);
    await get(`/request/${token}`, { "sec-fetch-user": "?1", "sec-fetch-mode": "navigate" });
    expect((await getQuote(quote.id, serviceContext())).status).toBe("sent");
    const res = await post(`/request/${token}`, { action: "quote-seen", nonce: formFields(html)["nonce"]! });
    expect(res.status).toBe(200);
    const seen = await getQuote(quote.id, serviceContext());
    expect(seen.status).toBe("viewed");
    expect(seen.viewedAt).not.toBeNull();
  });
});
