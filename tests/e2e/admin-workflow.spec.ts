/**
 * The owner's workflow in the browser, on the real stack: moving a booking through its states
 * with a note, finding it by phone number however typed, exporting the filtered list as CSV, acting
 * on several requests at once, and erasing a person; every new screen passes axe at 375 and
 * 1280 px without sideways scrolling. Each test seeds its own requests through the public API.
 *
 * SHOTS=dir saves screenshots of each screen there (for looking at the layout by eye).
 */
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import {
  clientIp,
  openSection,
  ownClient,
  postBookingWithRoom,
  signedIn,
  uniqueName,
  uniquePhone,
} from "./admin-support";
import { mailTo, pagePath } from "./mailbox";
import { axe as checkPage, shot } from "./page-checks";

/** Each screen waits on function calls that take seconds on a busy 2-core machine. */
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 180_000 });

/**
 * A request through the public API, as a visitor sends it. The local stack sees every test client
 * as 127.0.0.1 and allows 10 posts per form per 10 minutes, so this suite spreads its requests over
 * both forms and keeps their number small.
 */
async function seed(
  request: APIRequestContext,
  form: "booking" | "contact",
  o: { name: string; phone: string; email: string },
) {
  const data = {
    name: o.name,
    email: o.email,
    phone: o.phone,
    message: `Two bedrooms to paint, walls and ceilings (${o.name}).`,
    website: "",
    formStartedAt: Date.now() - 60_000,
  };
  const res =
    form === "booking"
      ? // On the first offered day with room: other tests fill the first days' diary.
        await postBookingWithRoom(request, {
          ...data,
          address: "3 Harbour Road, Kinghorn KY3 9XX",
          service: "paint-wallpaper",
        })
      : await request.post("/api/contact", { data, headers: { "X-Simulated-Client": clientIp() } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
const seedBooking = (request: APIRequestContext, o: { name: string; phone: string; email: string }) =>
  seed(request, "booking", o);
const seedContact = (request: APIRequestContext, o: { name: string; phone: string; email: string }) =>
  seed(request, "contact", o);

/** No axe violation and no sideways scrolling; with SHOTS=dir, a screenshot too. */
async function axe(page: Page, label: string) {
  await checkPage(page, label);
  await shot(page, label.replace(/\W+/g, "-"));
}

test("the owner moves a booking new → contacted → quoted → done with a note, found by its phone number", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const name = uniqueName("Flow");
  const phone = uniquePhone();
  await seedBooking(request, { name, phone, email: `flow.${Date.now()}@example.com` });
  await ownClient(page);
  await signedIn(context, request, baseURL!);
  await page.goto("/admin/submissions");
  await expect(page.getByRole("heading", { name: "Form Submissions" })).toBeVisible();

  const search = page.getByRole("searchbox", { name: /Search by name/ });
  // Typed without spaces, then as on the form: one row either way.
  for (const typed of [phone.replace(/\s/g, ""), phone]) {
    await search.fill(typed);
    await search.press("Enter");
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tr").filter({ hasText: name })).toBeVisible();
  }
  await expect(page).toHaveURL(/[?&]q=07700/);

  const row = page.locator("tr").filter({ hasText: name });
  await expect(row.getByTestId("state-badge").filter({ visible: true })).toHaveText("New");
  await row.getByRole("link", { name: `View details for ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Appointment Request" });
  await expect(dialog).toBeVisible();
  await openSection(dialog, "Progress, history and notes");

  const steps: [string, string][] = [
    ["Contacted", "Phoned; visiting Tuesday to measure up"],
    ["Quoted", "£450 for both rooms"],
    ["Done", ""],
  ];
  for (const [state, note] of steps) {
    await dialog.getByLabel("Move to").selectOption({ label: state });
    await dialog.getByLabel(/^Note for the history/).fill(note);
    await dialog.getByRole("button", { name: "Update state" }).click();
    await expect(dialog.getByTestId("state-badge").first()).toHaveText(state);
  }
  const history = dialog.getByTestId("request-history");
  await expect(history.getByRole("listitem")).toHaveCount(4);
  await expect(history).toContainText("Contacted (was New) by you");
  await expect(history).toContainText("“Phoned; visiting Tuesday to measure up”");
  await expect(history).toContainText("Quoted (was Contacted)");
  await expect(history).toContainText("Done (was Quoted)");

  await dialog.getByLabel("Add a note").fill("Customer happy; asked about the kitchen next spring.");
  await dialog.getByRole("button", { name: "Save note" }).click();
  await expect(dialog.getByTestId("request-notes")).toContainText("asked about the kitchen");
  await page.keyboard.press("Escape");
  await expect(row.getByTestId("state-badge").filter({ visible: true })).toHaveText("Done");

  // After a reload the state is still there, and the state filter finds it.
  await page.goto(`/admin/submissions?state=done&q=${encodeURIComponent(name)}`);
  await expect(page.locator("tr").filter({ hasText: name })).toBeVisible();
  await page.goto(`/admin/submissions?state=new&q=${encodeURIComponent(name)}`);
  await expect(page.getByText("No form submissions found")).toBeVisible();
});

test("at 375 px the owner revokes a request's links after a confirmation; the customer's link stops working", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const name = uniqueName("Revoke");
  const email = `revoke-${Date.now()}@example.com`;
  const id = await seedBooking(request, { name, phone: uniquePhone(), email });
  const link = pagePath(await mailTo(email, /We've received your booking request/));
  expect((await request.get(link)).status()).toBe(200);

  await ownClient(page);
  await signedIn(context, request, baseURL!);
  await page.goto(`/admin/requests/${id}`);
  const dialog = page.getByRole("dialog", { name: "Appointment Request" });
  await openSection(dialog, "Progress, history and notes");
  await expect(dialog.getByRole("heading", { name: "Links to the customer’s page" })).toBeVisible();
  await dialog.getByRole("button", { name: "Revoke links" }).click();
  const confirm = page
    .getByRole("alertdialog", { name: "Revoke links" })
    .or(page.getByRole("dialog", { name: "Revoke links" }));
  await expect(confirm).toContainText("Every link to this request's page stops working now");
  await confirm.getByRole("button", { name: "Revoke links" }).click();
  await expect(dialog.getByText(/, revoked /)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Revoke links" })).toHaveCount(0);
  expect((await request.get(link)).status()).toBe(404);
});

test("exports the filtered list as CSV", async ({ page, context, request, baseURL }) => {
  const tag = uniqueName("Csv");
  await seedContact(request, { name: `${tag} One`, phone: uniquePhone(), email: "csv.one@example.com" });
  await seedContact(request, { name: `${tag} Two`, phone: uniquePhone(), email: "csv.two@example.com" });
  await ownClient(page);
  await signedIn(context, request, baseURL!);
  await page.goto(`/admin/submissions?q=${encodeURIComponent(tag)}`);
  await expect(page.locator("tbody tr")).toHaveCount(2);
  await page.getByLabel("Order").selectOption("oldest");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^requests-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString("utf8");
  const lines = text.split("\r\n").filter(Boolean);
  expect(lines[0]).toMatch(/^"Reference","Type","State","Received","Name"/);
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`"${tag} One"`);
  expect(lines[2]).toContain(`"${tag} Two"`);
});

test("acts on several requests at once after one confirmation naming the count", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const tag = uniqueName("Bulk");
  for (const n of ["One", "Two"]) {
    await seedContact(request, { name: `${tag} ${n}`, phone: uniquePhone(), email: "bulk@example.com" });
  }
  await ownClient(page);
  await signedIn(context, request, baseURL!);
  await page.goto(`/admin/submissions?q=${encodeURIComponent(tag)}`);
  await expect(page.locator("tbody tr")).toHaveCount(2);
  await page.getByLabel(/^Select the 2 shown/).check();
  const bar = page.getByRole("region", { name: "Selected requests" });
  await expect(bar).toContainText("2 requests selected");
  await bar.getByLabel("Action", { exact: true }).selectOption("archive");
  await bar.getByRole("button", { name: "Apply to selected" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Change 2 requests" });
  await expect(confirm).toContainText("Archive 2 requests?");
  await axe(page, "bulk confirmation");
  await confirm.getByRole("button", { name: "Yes, change 2 requests" }).click();
  await expect(page.getByText("No form submissions found")).toBeVisible();
  await page.getByLabel("Show", { exact: true }).selectOption("true");
  await expect(page.locator("tbody tr")).toHaveCount(2);
});

test("erases a person: nothing is held about them afterwards", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const name = uniqueName("Erase");
  const email = `erase.${Date.now()}@example.com`;
  await seedBooking(request, { name, phone: uniquePhone(), email });
  await seedContact(request, { name, phone: uniquePhone(), email: email.toUpperCase() });
  await ownClient(page);
  await signedIn(context, request, baseURL!);
  await page.goto("/admin/people");
  await expect(page.getByRole("heading", { name: "Personal Data" })).toBeVisible();
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByTestId("person-summary")).toHaveText(`Held about ${email}: 2 requests, 4 e-mails`);
  await page.getByRole("button", { name: "Erase everything" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Erase everything" });
  await expect(confirm).toContainText(`Erase 2 requests and 4 e-mails held about ${email}`);
  await confirm.getByRole("button", { name: "Erase", exact: true }).click();
  await expect(page.getByTestId("person-summary")).toHaveText(`Nothing is held about ${email}`);
  await expect(page.getByTestId("audit-log")).toContainText("Erased a person (6 items)");
  await expect(page.getByTestId("audit-log")).not.toContainText(email);
  await page.goto(`/admin/submissions?q=${encodeURIComponent(name)}&archived=all&state=`);
  await expect(page.getByText("No form submissions found")).toBeVisible();
});

for (const width of [375, 1280]) {
  test(`the workflow screens pass axe and fit ${width} px`, async ({ page, context, request, baseURL }) => {
    const name = uniqueName("Axe");
    const email = `axe.${Date.now()}@example.com`;
    await seedBooking(request, { name, phone: uniquePhone(), email });
    await page.setViewportSize({ width, height: 900 });
    await ownClient(page);
    await signedIn(context, request, baseURL!);

    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible();
    await expect(page.getByTestId("state-counts")).toBeVisible();
    await axe(page, "dashboard");

    await page.goto(`/admin/submissions?q=${encodeURIComponent(name)}`);
    await expect(page.locator("tr").filter({ hasText: name })).toBeVisible();
    await axe(page, "inbox");
    await page.getByLabel(`Select ${name}`).check();
    await expect(page.getByRole("region", { name: "Selected requests" })).toBeVisible();
    await axe(page, "inbox with selection");

    await page.getByRole("link", { name: `View details for ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Appointment Request" });
    await openSection(dialog, "Progress, history and notes");
    await expect(dialog.getByTestId("request-history")).toBeVisible();
    // The whole message is on screen in the dialog, no hover needed.
    await expect(dialog.getByText(`Two bedrooms to paint, walls and ceilings (${name}).`)).toBeVisible();
    await axe(page, "request dialog");
    await page.keyboard.press("Escape");

    await page.goto("/admin/people");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByTestId("person-summary")).toContainText("1 request");
    await axe(page, "personal data");
  });
}
