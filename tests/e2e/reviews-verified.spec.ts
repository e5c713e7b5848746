/**
 * Verified reviews end to end on the real stack: the owner marks a booking done and sends a review
 * invitation; the e-mail reaches the loopback SMTP server the stack's SMTP_URL names; the customer
 * follows its one-time link, finds name and town filled in, and leaves a review; the link then
 * refuses a second use; the owner sees that rejecting needs a reason, approves, and replies with
 * text that looks like HTML; the public page shows the "Verified customer" badge, the month and the
 * reply as text. axe at 375 and 1280 px on the new screens.
 *
 * SHOTS=dir saves screenshots (the testimonials page with the review, the reject dialog).
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { axeScanner, shot } from "./page-checks";
import { mailbox } from "./mailbox";
import { openSection, ownClient, postBookingWithRoom, signedIn, toasts, uniqueName } from "./admin-support";

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

/** A raw message with quoted-printable soft breaks and escapes undone. */
const decodeQp = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function axe(page: Page, label: string, include?: string) {
  const builder = axeScanner(page).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "wcag22a",
    "wcag22aa",
  ]);
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    label,
  ).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} scrolls sideways`).toBeLessThanOrEqual(0);
}

test("finished job → invitation e-mail → verified review through the link → approved with a reply, shown with the badge", async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  const name = uniqueName("Verified");
  const email = `verified.${Date.now()}@example.com`;
  await postBookingWithRoom(request, {
    name,
    email,
    phone: "07700 900321",
    address: "8 Kirk Wynd, Kirkcaldy KY1 1EH",
    service: "paint-wallpaper",
    message: "Hall, stairs and landing to paint.",
    website: "",
    formStartedAt: Date.now() - 60_000,
  });

  // The owner marks the job done and sends the invitation from the request's dialog.
  await ownClient(page);
  await signedIn(context, request, baseURL!);
  await page.goto(`/admin/submissions?q=${encodeURIComponent(name)}`);
  const row = page.locator("tr").filter({ hasText: name });
  await row.getByRole("link", { name: `View details for ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Appointment Request" });
  await openSection(dialog, "Progress, history and notes");
  await dialog.getByLabel("Move to").selectOption({ label: "Done" });
  await dialog.getByRole("button", { name: "Update state" }).click();
  await expect(dialog.getByTestId("state-badge").first()).toHaveText("Done");
  // The owner reads the e-mail before it goes: to the customer, greeting by first name.
  await openSection(dialog, "Review invitation");
  await dialog.getByRole("button", { name: "Send review invitation" }).click();
  const preview = page.getByRole("dialog", { name: "Review invitation e-mail" });
  await expect(preview).toContainText(`Hello ${name.split(" ")[0]},`);
  await expect(preview.getByTestId("invitation-preview")).toContainText("[your one-time review link]");
  await preview.getByRole("button", { name: "Send this e-mail" }).click();
  await expect(toasts(page).getByText("Review invitation sent")).toBeVisible();
  await expect(preview).toBeHidden();
  await expect(dialog.getByText(/works until/)).toBeVisible();

  // The e-mail reaches the loopback SMTP server, addressed to the customer, with the link.
  await expect
    .poll(
      () =>
        mailbox.received.filter((m) => m.envelopeTo.includes(email) && /How did we do/.test(m.raw)).length,
      {
        timeout: 90_000,
      },
    )
    .toBe(1);
  const mail = mailbox.received.find((m) => m.envelopeTo.includes(email) && /How did we do/.test(m.raw))!;
  const token = /\/testimonials#invite=([A-Za-z0-9_-]{43})/.exec(decodeQp(mail.raw))?.[1];
  expect(token, "the e-mail carries the one-time link").toBeTruthy();

  // The customer, in a browser of their own, follows the link.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await ownClient(customer);
  await customer.goto(`/testimonials#invite=${token}`);
  const form = customer.locator('form[action="/api/testimonials"]');
  // The link suggests the first name and the surname's initial; this customer writes the full name.
  const [first, last] = name.split(" ");
  await expect(form.getByRole("textbox", { name: "Your Name" })).toHaveValue(`${first} ${last![0]}.`);
  await form.getByRole("textbox", { name: "Your Name" }).fill(name);
  await expect(form.getByLabel("Location")).toHaveValue("Kirkcaldy");
  const month = new Intl.DateTimeFormat("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  }).format(new Date());
  await expect(
    customer.getByText(`Your review will be marked "Verified customer, job completed ${month}"`, {
      exact: false,
    }),
  ).toBeVisible();
  expect(customer.url()).not.toContain(token!); // the token left the address bar
  await form.getByLabel("Your Review").fill("Tidy, on time, and the hall looks new. Would book again.");
  await form
    .locator(`label[for="${await form.getByRole("radio", { name: "5 stars" }).getAttribute("id")}"]`)
    .click();
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(
    customer.getByText("Thank you for your review! It will be displayed after approval.").first(),
  ).toBeVisible();

  // The same link a second time is refused, clearly.
  await customer.goto("/");
  await customer.goto(`/testimonials#invite=${token}`);
  await expect(customer.getByRole("alert").filter({ hasText: "already been used" })).toBeVisible();
  await customerContext.close();

  // The owner: rejecting needs a reason (the dialog says so and sends nothing without one)…
  await page.goto("/admin/testimonials");
  const reviewRow = page.getByRole("row").filter({ hasText: name });
  await expect(reviewRow.getByText(/^Verified, job /)).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const rejectButton = page
      .getByRole("button", { name: `Reject review by ${name}` })
      .filter({ visible: true });
    await rejectButton.click();
    const rejectDialog = page.getByRole("dialog", { name: "Reject review" });
    await expect(rejectDialog.getByRole("radio")).toHaveCount(5);
    await rejectDialog.getByRole("button", { name: "Reject review" }).click();
    await expect(rejectDialog.getByRole("alert")).toHaveText("Choose the rule the review breaks.");
    await axe(page, `reject dialog ${width}`);
    await shot(page, "admin-reject-dialog", { fullPage: false });
    await rejectDialog.getByRole("button", { name: "Cancel" }).click();
    await expect(rejectDialog).toBeHidden();
  }
  await expect(reviewRow.getByText("Pending")).toBeVisible();

  // …approves, and replies with text that looks like HTML.
  await reviewRow.getByRole("button", { name: `Approve review by ${name}` }).click();
  await expect(toasts(page).getByText("Testimonial approved")).toBeVisible();
  await reviewRow.getByRole("button", { name: `Reply to review by ${name}` }).click();
  const replyDialog = page.getByRole("dialog", { name: "Reply in public" });
  const reply = "Thank you! <b>See you</b> for the kitchen.";
  await replyDialog.getByLabel("Your reply").fill(reply);
  await replyDialog.getByRole("button", { name: "Publish reply" }).click();
  await expect(toasts(page).getByText("Reply published")).toBeVisible();
  await expect(reviewRow.getByText(reply)).toBeVisible();

  // The public page: the badge, the month and the reply, as text.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const reviews = page.getByRole("region", { name: "Customer reviews" });
    const card = reviews.locator("figure").filter({ hasText: name });
    // The list island gives up on a slow answer and offers "Try again", and a cached copy of the
    // list may lag the reply: load the page again until the reply is there.
    await expect(async () => {
      await page.goto("/testimonials");
      await reviews.scrollIntoViewIfNeeded();
      await expect(card.locator("[data-owner-reply]")).toHaveCount(1, { timeout: 5_000 });
    }).toPass({ intervals: [500, 1_000, 2_000], timeout: 70_000 });
    await reviews.getByLabel("Sort reviews").selectOption("newest");
    await expect(card.getByText(`Verified customer, job completed ${month}`)).toBeVisible();
    await expect(card.getByText(`Reviewed ${month}`)).toBeVisible();
    await expect(card.locator("[data-owner-reply]")).toContainText(reply);
    expect(await card.locator("[data-owner-reply] b").count()).toBe(0);
    await axe(page, `testimonials ${width}`, "#reviews");
    await card.scrollIntoViewIfNeeded();
    await shot(page, "testimonials-verified", { fullPage: false });
  }
});
