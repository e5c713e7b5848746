/**
 * A phone-only customer on the owner's 375 px phone: a job taken by phone with no e-mail address,
 * its quote written through the admin API. "Give to customer" says plainly there is no e-mail
 * address and offers the PDF to print and recording the answer instead of sending to nobody; the
 * owner records the acceptance given on the phone (who, how, the early-start answer), the quote
 * shows it as accepted by phone, and the accepted quote's PDF, read back with a PDF text
 * extractor, is the customer's written confirmation. A second acceptance is refused.
 */
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { pdfWords } from "../helpers/pdf";
import { apiSignIn, clientIp, signedIn, uniqueName } from "./admin-support";
import { axe, shot } from "./page-checks";

test.describe.configure({ timeout: 180_000 });

test("a phone-only customer's quote is given, not e-mailed, and his yes on the phone is recorded", async ({
  page,
  context,
  request,
}) => {
  const owner = await apiSignIn(request, baseURL);
  const headers = { Cookie: owner.header, Origin: new URL(baseURL).origin, "X-Simulated-Client": clientIp() };
  const name = uniqueName("Dougie");
  const added = await request.post("/api/admin/submissions", {
    data: {
      source: "phone",
      name,
      phone: "07700 900321",
      address: "9 Nicol Street, Kirkcaldy KY1 1NY",
      service: "plumbing-heating",
      message: "The outside tap leaks.",
    },
    headers,
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = ((await added.json()) as { submission: { id: number } }).submission.id;
  const created = await request.post(`/api/admin/submissions/${id}/quotes`, {
    data: {
      lines: [
        { description: "Replace the outside tap", quantity: 1, unitPence: 9_500 },
        { description: "Lag the pipe", quantity: 1, unitPence: 2_500, optional: true },
      ],
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const quoteId = ((await created.json()) as { quote: { id: number } }).quote.id;

  await signedIn(context, request, baseURL);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/admin/requests/${id}`);
  const panel = page.getByTestId("quote-panel");
  await expect(panel.getByText("(null)")).toHaveCount(0);
  await panel.getByRole("button", { name: "Give to customer…" }).click();
  const noEmail = page.getByRole("dialog", { name: "No e-mail address" });
  await expect(noEmail).toContainText(`${name} has no e-mail address, so`);
  await expect(noEmail.getByRole("link", { name: "Print the PDF" })).toHaveAttribute(
    "href",
    `/api/admin/quotes/${quoteId}/pdf`,
  );
  await axe(page, "no e-mail address dialog (375)");
  await noEmail.getByRole("button", { name: "Record acceptance…" }).click();

  const dialog = page.getByRole("dialog", { name: "Record acceptance" });
  await expect(dialog.getByLabel("Who accepted")).toHaveValue(name);
  // Nothing chosen yet: the form says what is missing and records nothing.
  await dialog.getByRole("button", { name: "Record acceptance" }).click();
  await expect(dialog.getByText("Please choose by phone or in person.")).toBeVisible();
  await expect(dialog.getByText("Please record whether they asked for an early start.")).toBeVisible();
  await dialog.getByLabel("By phone").check();
  await dialog.getByLabel(/Lag the pipe/).check();
  await dialog.getByLabel("Yes, start early").check();
  // Each answer clears its message.
  await expect(dialog.getByText("Please choose by phone or in person.")).toHaveCount(0);
  await expect(dialog.getByText("Please record whether they asked for an early start.")).toHaveCount(0);
  await axe(page, "record acceptance dialog (375)");
  await shot(page, "phone-only-record-acceptance");
  await dialog.getByRole("button", { name: "Record acceptance" }).click();
  await expect(dialog).toBeHidden();

  const accepted = panel.getByTestId("quote-acceptance");
  await expect(accepted).toContainText(`by phone (${name}), recorded by you for £120.00`);
  await expect(accepted).toContainText(
    "The customer asked for the work to start within the cancellation period.",
  );
  await expect(panel.getByTestId("quote-status").first()).toHaveAttribute("data-status", "accepted");
  await expect(panel.getByRole("button", { name: "Record acceptance…" })).toHaveCount(0);
  await shot(page, "phone-only-accepted");

  // The printable confirmation: the accepted quote's PDF, read back.
  // The browser's own session (signing it in ended the API session above).
  const pdf = await page.request.get(`/api/admin/quotes/${quoteId}/pdf`);
  expect(pdf.status()).toBe(200);
  const words = await pdfWords(new Uint8Array(await pdf.body()));
  expect(words).toContain(`by phone (${name}), recorded by us, agreeing to pay £120.00`);
  expect(words).toContain("You asked us to start before your cancellation period ends");
  expect(words).not.toContain("private link");

  // A second acceptance is told the first stands.
  const again = await page.request.post(`/api/admin/quotes/${quoteId}/accept-verbal`, {
    data: { acceptedBy: name, method: "in_person", expressStart: false },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(
    /already accepted on .* by phone \(.*\)\. The first acceptance stands/,
  );
});
