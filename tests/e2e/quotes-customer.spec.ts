/**
 * The quote on the customer's page in Chromium, at 375 and 1280 px, with and without JavaScript:
 * the owner's quote (written and sent through the admin API) reaches the customer by e-mail (the
 * loopback SMTP server the stack sends to); from its link the customer ticks an optional extra
 * (with JavaScript the total and the button follow at once; without, "Update the total" does it on
 * the server), asks for an early start and accepts; the confirmation e-mail carries the accepted
 * quote as a PDF, read back as text; the customer then cancels within the 14 days and the receipt
 * is e-mailed. Another customer declines with a reason. axe clean; SHOTS=dir saves screenshots of each state.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { axeScanner, shotsAtBothWidths } from "./page-checks";
import { baseURL } from "../../playwright.config";
import { weekdayOf } from "../../src/features/appointments/contract/dates";
import { expressStartText } from "../../src/data/consumer-rights";
import { mailbox } from "./mailbox";
import { pdfFromMime, pdfWords } from "../helpers/pdf";
import { apiSignIn, clientIp, postBookingWithRoom, signedIn, uniqueName } from "./admin-support";

test.describe.configure({ timeout: 180_000 });

let admin: { header: string } | undefined;

/** A message's text as sent: quoted-printable soft breaks joined and escapes decoded. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

async function mailTo(email: string, subject: RegExp): Promise<string> {
  const find = () =>
    mailbox.received.find((m) => m.envelopeTo.includes(email) && subject.test(m.headers["subject"] ?? ""));
  await expect.poll(() => find() !== undefined, { timeout: 60_000 }).toBe(true);
  return find()!.raw;
}

function pagePath(raw: string): string {
  const match = /(https?:\/\/[^\s"<>/]+)(\/request\/[A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/.exec(decoded(raw));
  expect(match, "a private link in the e-mail").not.toBeNull();
  return match![2]!;
}

/** A booking and a quote for it, sent: as the owner would, through the admin API. */
async function quoteSentTo(request: APIRequestContext, name: string, email: string, lines: unknown[]) {
  const booked = await postBookingWithRoom(
    request,
    {
      name,
      email,
      phone: "07700 900654",
      address: "4 Links Street, Kirkcaldy KY1 1QH",
      service: "plumbing-heating",
      message: `The kitchen tap drips (${name}).`,
      website: "",
      formStartedAt: Date.now() - 60_000,
    },
    "morning",
    (d) => weekdayOf(d) >= 1 && weekdayOf(d) <= 5,
  );
  const id = ((await booked.json()) as { id: number }).id;
  admin ??= await apiSignIn(request, baseURL);
  const headers = { Cookie: admin.header, Origin: new URL(baseURL).origin };
  const created = await request.post(`/api/admin/submissions/${id}/quotes`, {
    data: { lines, depositPercent: 10, note: "Parts are included. We bring dust sheets." },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const quoteId = ((await created.json()) as { quote: { id: number } }).quote.id;
  const sent = await request.post(`/api/admin/quotes/${quoteId}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return { path: pagePath(await mailTo(email, /Your quote from/)), id };
}

const lines = [
  { description: "Replace kitchen tap and isolation valves", quantity: 1, unitPence: 18_000 },
  { description: "Labour (hours)", quantity: 2.5, unitPence: 4_000 },
  { description: "Reseal the sink", quantity: 1, unitPence: 3_550, optional: true },
  { description: "Replace the waste trap", quantity: 1, unitPence: 2_200, optional: true },
];

async function axeClean(page: Page, what: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await axeScanner(page).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.help}`),
      `axe on ${what} at ${width}px`,
    ).toEqual([]);
  }
}

/** Accepting, the e-mailed confirmation and its PDF, then cancelling within the 14 days. */
async function acceptThenCancel(page: Page, email: string, total: string) {
  const accept = page.getByRole("button", { name: `Accept and agree to pay ${total}` });
  const early = page.getByLabel(expressStartText);
  await expect(early).not.toBeChecked();
  await early.check();
  await accept.click();
  await expect(page.getByRole("heading", { name: "Quote accepted" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your accepted quote" })).toBeVisible();
  await expect(page.locator("p.agreed")).toContainText(`agreed to pay ${total}`);
  await expect(
    page.getByText("You asked us to start before your cancellation period ends").first(),
  ).toBeVisible();
  await shotsAtBothWidths(page, "accepted");

  const confirmation = await mailTo(email, /Quote.accepted/);
  const text = decoded(confirmation);
  expect(text).toContain(total);
  expect(text).toContain("MODEL CANCELLATION FORM");
  expect(text.replace(/\s+/g, " ")).toContain(expressStartText);
  const pdf = await pdfWords(pdfFromMime(confirmation));
  expect(pdf).toContain("Reseal the sink");
  expect(pdf).toContain(total);
  expect(pdf).toMatch(/cancel/i);

  await page.getByRole("link", { name: "Cancel", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Cancel your accepted quote" })).toBeVisible();
  await page.getByLabel("Reason (optional)").fill("We found a plumber nearer home.");
  await page.getByRole("button", { name: "Yes, cancel the contract" }).click();
  await expect(page.getByRole("heading", { name: "Cancellation received" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "This quote is cancelled" })).toBeVisible();
  const receipt = decoded(await mailTo(email, /Cancellation received/));
  expect(receipt.replace(/\s+/g, " ")).toContain("We received your cancellation on");
}

test.describe("with JavaScript", () => {
  test.use({ viewport: { width: 375, height: 900 } });

  test("the customer ticks an extra (the total follows at once), asks for an early start, accepts, gets the PDF, and cancels within 14 days", async ({
    page,
    request,
  }) => {
    const email = `quote.js.${Date.now()}@example.com`;
    const { path } = await quoteSentTo(request, uniqueName("Isla"), email, lines);
    await page.setExtraHTTPHeaders({ "X-Simulated-Client": clientIp() });
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Your quote" })).toBeVisible();
    const accept = page.getByRole("button", { name: /^Accept and agree to pay/ });
    await expect(accept).toHaveText("Accept and agree to pay £280.00");
    // The script does the sums: no Update button, no round trip.
    await expect(page.getByRole("button", { name: "Update the total" })).toBeHidden();
    await shotsAtBothWidths(page, "quote-open");
    await axeClean(page, "the quote");
    await page.setViewportSize({ width: 375, height: 900 });
    await page.getByLabel(/Reseal the sink/).check();
    await expect(accept).toHaveText("Accept and agree to pay £315.50");
    await expect(page.locator("#quote-total")).toContainText("£31.55");
    await page.getByLabel(/Replace the waste trap/).check();
    await page.getByLabel(/Replace the waste trap/).uncheck();
    await expect(accept).toHaveText("Accept and agree to pay £315.50");
    await acceptThenCancel(page, email, "£315.50");
    // The first tap on the page told the owner the quote was opened.
    await mailTo("hello@kingdomhandyman.example", /opened quote/);
  });
});

test("a visit the owner confirms inside the 14 days of an acceptance without an early-start request is warned about, and goes ahead only with a reason", async ({
  page,
  context,
  request,
}) => {
  const email = `quote.early.${Date.now()}@example.com`;
  const { path, id } = await quoteSentTo(request, uniqueName("Eilidh"), email, lines);
  await page.setExtraHTTPHeaders({ "X-Simulated-Client": clientIp() });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(path);
  await expect(page.getByLabel(expressStartText)).not.toBeChecked();
  await page.getByRole("button", { name: "Accept and agree to pay £280.00" }).click();
  await expect(page.getByRole("heading", { name: "Quote accepted" })).toBeVisible();

  // The owner confirms the time the customer asked for: inside the cancellation period.
  await signedIn(context, request, baseURL);
  await page.goto(`/admin/requests/${id}`);
  const dialog = page.getByRole("dialog", { name: "Appointment Request" });
  await dialog
    .getByRole("list", { name: "Times the customer asked for" })
    .getByRole("button", { name: /^Confirm / })
    .click();
  const warning = page.getByRole("alertdialog", { name: "Inside the customer's cancellation period" });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole("button", { name: "Go ahead with this visit" })).toBeDisabled();
  await warning
    .getByLabel(/Why this visit goes ahead now/)
    .fill("The customer phoned: the leak is getting worse.");
  await warning.getByRole("button", { name: "Go ahead with this visit" }).click();
  await expect(warning).toBeHidden();
  const history = dialog.getByTestId("request-history");
  await expect(history).toContainText("Appointment confirmed for");
  await expect(history).toContainText("The customer phoned: the leak is getting worse.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 900 } });

  test("Update the total works the sums out on the server; the customer accepts with an extra and early start, then cancels", async ({
    page,
    request,
  }) => {
    const email = `quote.nojs.${Date.now()}@example.com`;
    const { path } = await quoteSentTo(request, uniqueName("Fraser"), email, lines);
    await page.setExtraHTTPHeaders({ "X-Simulated-Client": clientIp() });
    await page.goto(path);
    const accept = page.getByRole("button", { name: /^Accept and agree to pay/ });
    await expect(accept).toHaveText("Accept and agree to pay £280.00");
    await page.getByLabel(/Reseal the sink/).check();
    // Without the script the button still says the old total; pressing it would be refused.
    await page.getByRole("button", { name: "Update the total" }).click();
    await expect(accept).toHaveText("Accept and agree to pay £315.50");
    await expect(page.getByLabel(/Reseal the sink/)).toBeChecked();
    await shotsAtBothWidths(page, "quote-updated-no-js");
    await acceptThenCancel(page, email, "£315.50");
  });

  test("another customer declines with a reason", async ({ page, request }) => {
    const email = `quote.decline.${Date.now()}@example.com`;
    const { path } = await quoteSentTo(request, uniqueName("Morag"), email, lines);
    await page.setExtraHTTPHeaders({ "X-Simulated-Client": clientIp() });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await page.getByRole("link", { name: "Decline", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Decline this quote" })).toBeVisible();
    await page.getByLabel("Reason (optional)").fill("The price is more than we hoped <for now>.");
    await page.getByRole("button", { name: "Decline the quote" }).click();
    await expect(page.getByRole("heading", { name: "Quote declined" }).first()).toBeVisible();
    await expect(page.getByText("The price is more than we hoped <for now>.")).toBeVisible();
    await shotsAtBothWidths(page, "declined");
    await mailTo("hello@kingdomhandyman.example", /declined quote/);
  });
});
