/**
 * A phone-only customer's quote on the owner's 375 px phone: "Give to customer" offers a link to
 * text; the draft is marked sent, the one-line message is copied with the Copy button (read back
 * from the real clipboard), and the link in it opens the customer's own page showing the quote.
 */
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { apiSignIn, clientIp, signedIn, uniqueName } from "./admin-support";
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
