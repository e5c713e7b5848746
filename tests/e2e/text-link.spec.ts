/**
 * A phone-only customer's quote on the owner's 375 px phone: "Give to customer" offers a link to
 * text; the draft is marked sent, the one-line message is copied with the Copy button (read back
 * from the real clipboard), and the link in it opens the customer's own page showing the quote.
 */
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { apiSignIn, clientIp, openSection, signedIn, uniqueName } from "./admin-support";
import { dateInZone } from "../../src/platform/time";
import { axe, shot } from "./page-checks";

test.describe.configure({ timeout: 180_000 });

test("the quote's message to text is copied, and its link opens the customer's page", async ({
  page,
  context,
  request,
}) => {
  const owner = await apiSignIn(request, baseURL);
  const headers = { Cookie: owner.header, Origin: new URL(baseURL).origin, "X-Simulated-Client": clientIp() };
  const name = uniqueName("Senga");
  const added = await request.post("/api/admin/submissions", {
    data: {
      source: "phone",
      name,
      phone: "07700 900654",
      address: "21 Kirk Wynd, Kirkcaldy KY1 1EH",
      service: "plumbing-heating",
      message: "The bathroom tap drips.",
    },
    headers,
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = ((await added.json()) as { submission: { id: number } }).submission.id;
  const created = await request.post(`/api/admin/submissions/${id}/quotes`, {
    data: { lines: [{ description: "Replace the bathroom tap", quantity: 1, unitPence: 11_000 }] },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const quoteNumber = ((await created.json()) as { quote: { number: string } }).quote.number;

  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(baseURL).origin });
  await signedIn(context, request, baseURL);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/admin/requests/${id}`);
  const panel = page.getByTestId("quote-panel");
  await panel.getByRole("button", { name: "Give to customer…" }).click();
  const noEmail = page.getByRole("dialog", { name: "No e-mail address" });
  await expect(noEmail).toContainText("Text them a link to their page");
  await noEmail.getByRole("button", { name: "Mark as sent and make a link to text" }).click();

  const box = noEmail.getByLabel("Message to text");
  await expect(box).toHaveValue(new RegExp(`: your quote ${quoteNumber} is ready: http`));
  await noEmail.getByRole("button", { name: "Copy message" }).click();
  await expect(noEmail.getByRole("button", { name: "Copied" })).toBeVisible();
  await expect(noEmail.getByRole("status")).toHaveText("Paste it into a text to the customer.");
  await axe(page, "message to text (375)");
  await shot(page, "text-link-copied");
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, "text-link-copied");

  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await box.inputValue());
  const url = /(https?:\/\/\S+\/request\/[A-Za-z0-9_-]{22})$/.exec(copied)?.[1];
  expect(url, copied).toBeDefined();

  // The quote is now sent; another link can be made from its card.
  await noEmail.getByRole("button", { name: "Back" }).click();
  await expect(panel.getByTestId("quote-status").first()).toHaveAttribute("data-status", "sent");
  await expect(panel.getByRole("button", { name: "Text a link…" })).toBeVisible();

  // The customer's page, opened from the copied link (by its path: the site's address is this host).
  const customer = await context.browser()!.newPage();
  await customer.setViewportSize({ width: 375, height: 800 });
  await customer.goto(new URL(url!).pathname);
  await expect(customer.getByText(quoteNumber).first()).toBeVisible();
  await expect(customer.getByText("£110.00").first()).toBeVisible();
  await customer.close();
});

test("the invoice and the review invitation offer a message to text; money on account shows on the customer", async ({
  page,
  context,
  request,
}) => {
  const owner = await apiSignIn(request, baseURL);
  const headers = { Cookie: owner.header, Origin: new URL(baseURL).origin, "X-Simulated-Client": clientIp() };
  const name = uniqueName("Jessie");
  const added = await request.post("/api/admin/submissions", {
    data: {
      source: "phone",
      name,
      phone: "07700 900987",
      address: "8 Tolbooth Street, Kirkcaldy KY1 1RW",
      service: "plumbing-heating",
      message: "The shower leaks.",
    },
    headers,
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = ((await added.json()) as { submission: { id: number } }).submission.id;
  const made = await request.post("/api/admin/invoices", {
    data: {
      kind: "direct",
      submissionId: id,
      lines: [{ description: "Reseal the shower", quantity: 1, unitPence: 10_000 }],
    },
    headers,
  });
  expect(made.status(), await made.text()).toBe(201);
  const invoiceId = ((await made.json()) as { invoice: { id: number } }).invoice.id;
  const issued = await request.post(`/api/admin/invoices/${invoiceId}/issue`, { headers });
  expect(issued.status(), await issued.text()).toBe(200);
  const invoiceNumber = ((await issued.json()) as { invoice: { number: string } }).invoice.number;

  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(baseURL).origin });
  await signedIn(context, request, baseURL);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/admin/requests/${id}`);
  const noEmail = page.getByTestId("invoice-no-email");
  await expect(noEmail).toContainText("No e-mail address: text them a link to their page");
  await noEmail.getByRole("button", { name: "Make a link to text" }).click();
  await expect(noEmail.getByLabel("Message to text")).toHaveValue(
    new RegExp(`: your invoice ${invoiceNumber} is ready: http`),
  );
  await expect(page.getByTestId("invoice-no-reminders")).toContainText(
    "Payment reminders go by e-mail, so none are sent",
  );
  await expect(page.getByLabel("Send polite payment reminders when overdue")).toHaveCount(0);
  await shot(page, "text-link-invoice");

  // Paid £125.00 on £100.00, the extra kept on account; then the job is done.
  const browserHeaders = { Origin: new URL(baseURL).origin };
  const paid = await page.request.post(`/api/admin/invoices/${invoiceId}/payments`, {
    data: {
      amountPence: 12_500,
      method: "cash",
      receivedOn: dateInZone(new Date()),
      excess: "on_account",
    },
    headers: browserHeaders,
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const done = await page.request.patch(`/api/admin/submissions/${id}`, {
    data: { state: "done" },
    headers: browserHeaders,
  });
  expect(done.status(), await done.text()).toBe(200);

  await page.reload();
  const dialog = page.getByRole("dialog").first();
  await openSection(dialog, "Review invitation");
  await expect(dialog).toContainText(`${name} has no e-mail address. Text them a one-time link`);
  await dialog.getByRole("button", { name: "Make a review link to text" }).click();
  const review = dialog.getByLabel("Message to text");
  await expect(review).toHaveValue(/\/testimonials#invite=[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole("button", { name: "Copy message" }).click();
  await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await review.inputValue());
  await shot(page, "text-link-review");

  const found = await page.request.get(`/api/admin/customers?q=${encodeURIComponent(name)}`);
  const customerId = ((await found.json()) as { customers: { id: number }[] }).customers[0]!.id;
  await page.goto(`/admin/customers/${customerId}`);
  await expect(page.getByTestId("on-account")).toContainText("£25.00 on account");
  await axe(page, "customer with money on account (375)");
  await shot(page, "on-account-customer");
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, "on-account-customer");
});
