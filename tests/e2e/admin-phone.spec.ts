/**
 * The admin on a phone (docs/decisions/047-admin-on-a-phone.md), at 375 px with touch: the bottom
 * bar reaches Money in one tap and the "More" sheet is a dialog that keeps and returns focus; the
 * inbox shows its first row on the first screen and the whole row opens the request; the request's
 * Call button is on the first screen; a confirmed visit is moved only after a confirmation step;
 * days gone by read "Past"; the e-mail a customer gets is read back (MIME parsed by postal-mime,
 * then laid out by Chromium at 375 px). Then every admin screen, at 375 and 1280 px, through axe
 * with WCAG 2.2's target-size rule on, and a stricter 44 × 44 px check of every control.
 */
import { expect, type Page } from "@playwright/test";
import PostalMime from "postal-mime";
import { addDays, dateInZone } from "../../src/platform/time";
import { offeredDates } from "../helpers/dates";
import { ownClient, seedBooking, signedIn, uniqueContact, uniqueName, test } from "./admin-support";
import { mailbox } from "./mailbox";
import { axe, shot } from "./page-checks";
import { bookableDate } from "./forms-support";

const phone = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
const requestDialog = (page: Page) => page.getByRole("dialog", { name: "Appointment Request" });

/** The controls on screen smaller than 44 × 44 px, but for links inside a sentence (WCAG's inline case). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"]',
    );
    for (const el of controls) {
      if (el.closest("[data-sonner-toaster]")) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") continue;
      // A checkbox or radio is hit through its label too: measure the label when it wraps it or names it.
      const label =
        el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")
          ? (el.closest("label") ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null))
          : null;
      const box = (label ?? el).getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // Inside running text (a link in a sentence) WCAG makes no size demand.
      const parent = el.parentElement;
      const inline =
        el.tagName === "A" &&
        style.display === "inline" &&
        parent !== null &&
        (parent.textContent ?? "").trim().length > (el.textContent ?? "").trim().length + 20;
      if (inline) continue;
      if (box.height < 43.5 || box.width < 43.5) {
        const name = (el.getAttribute("aria-label") ?? el.textContent ?? el.getAttribute("name") ?? "")
          .trim()
          .slice(0, 40);
        small.push(
          `${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });
}

/** Axe with the target-size rule (page-checks.ts), the 44 px check, and a screenshot. */
async function checkScreen(page: Page, label: string) {
  await axe(page, label);
  expect(await smallTargets(page), `${label}: controls under 44 × 44 px`).toEqual([]);
  await shot(page, label);
}

test.describe("at 375 px", () => {
  test.use(phone);
  // Each test is a whole flow (seed, sign in, several screens and server round trips).
  test.describe.configure({ timeout: 90_000 });

  test("the bottom bar reaches Money in one tap; More is a dialog that returns focus", async ({
    ownerPage: page,
  }) => {
    await page.goto("/admin");
    const nav = page.getByRole("navigation", { name: "Admin" });
    const bar = ["Inbox", "Schedule", "Money", "Customers", "More"];
    for (const label of bar)
      await expect(nav.getByRole(label === "More" ? "button" : "link", { name: label })).toBeVisible();
    // The bar sits on the bottom edge of the screen, not somewhere down the page.
    const money = nav.getByRole("link", { name: "Money" });
    const box = (await money.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(740 - 80);
    expect(box.height).toBeGreaterThanOrEqual(44);

    await money.tap();
    await expect(page).toHaveURL(/\/admin\/money$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Money");
    await expect(money).toHaveAttribute("aria-current", "page");

    const more = nav.getByRole("button", { name: "More" });
    await more.tap();
    const sheet = page.getByRole("dialog", { name: "More" });
    await expect(sheet).toBeVisible();
    await expect(sheet.locator(":focus")).toHaveCount(1); // focus moved into the sheet
    await checkScreen(page, "more-sheet");
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(more).toBeFocused();

    await more.tap();
    await sheet.getByRole("link", { name: "Reviews" }).tap();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/testimonials$/);
    await expect(more).toHaveAttribute("aria-current", "page");
  });

  test("the inbox starts with its list; a tap anywhere on a row opens it, with Call on the first screen", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const name = uniqueName("Phone");
    const id = await seedBooking(request, name, { phone: "07700 900123" });
    await ownClient(page);
    await signedIn(context, request, baseURL!);
    await page.goto(`/admin/submissions?q=${encodeURIComponent(name)}`);

    // The filters wait behind one button; the first row is on the first screen.
    const filters = page.getByRole("button", { name: /^Filters/ });
    await expect(filters).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByLabel("State")).toBeHidden();
    const row = page.getByTestId(`submission-row-${id}`);
    const rowBox = (await row.boundingBox())!;
    expect(rowBox.y + rowBox.height).toBeLessThan(740);
    await filters.tap();
    await expect(page.getByLabel("State")).toBeVisible();
    await filters.tap();
    await expect(page.getByLabel("State")).toBeHidden();

    // A tap on the row away from its name (on its details line) lands on the row's link and opens it.
    const details = (await row.getByTestId("row-details").boundingBox())!;
    const position = { x: details.x - rowBox.x + 10, y: details.y - rowBox.y + details.height / 2 };
    expect(
      await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest("a")?.getAttribute("aria-label"),
        { x: rowBox.x + position.x, y: rowBox.y + position.y },
      ),
    ).toBe(`View details for ${name}`);
    await row.tap({ position });
    await expect(page).toHaveURL(new RegExp(`/admin/requests/${id}`));
    const dialog = requestDialog(page);
    const call = dialog.getByRole("link", { name: "Call" });
    await expect(call).toHaveAttribute("href", "tel:07700900123");
    await expect(call).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole("link", { name: "Text" })).toHaveAttribute("href", "sms:07700900123");
    await expect(dialog.getByRole("link", { name: "E-mail" })).toHaveAttribute("href", /^mailto:/);
    await expect(dialog.getByTestId("request-headline")).toContainText("3 Harbour Road, Kinghorn");
    // The next action for a new booking is arranging the visit: its section is open, the history's closed.
    await expect(dialog.getByRole("button", { name: /Next: Arrange the visit/ })).toBeInViewport();
    await expect(dialog.getByText("Progress, history and notes")).toBeVisible();
    await expect(dialog.getByTestId("request-history")).toBeHidden();
    await dialog.getByText("Progress, history and notes").tap();
    await expect(dialog.getByTestId("request-history")).toBeVisible();
    await checkScreen(page, "request");
  });

  test("a confirmed visit offers one Move visit, which asks before it moves and e-mails", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const name = uniqueName("Move");
    const id = await seedBooking(request, name);
    await ownClient(page);
    await signedIn(context, request, baseURL!);
    await page.goto(`/admin/requests/${id}`);
    const dialog = requestDialog(page);
    await dialog
      .getByRole("list", { name: "Times the customer asked for" })
      .getByRole("button", { name: /^Confirm / })
      .tap();
    await expect(dialog.getByTestId("appointment-status")).toContainText("Confirmed");

    // Confirmed: no green Confirm button is left, only "Move visit".
    await expect(dialog.getByRole("button", { name: /^Confirm/ })).toHaveCount(0);
    await expect(dialog.getByText("Another date and time")).toHaveCount(0);
    await dialog.getByText("Progress, history and notes").tap();
    const history = dialog.getByTestId("request-history");
    await expect(history.getByRole("listitem")).toHaveCount(2);

    const other = bookableDate(10);
    await dialog.getByText("Move visit", { exact: true }).tap();
    await dialog.getByLabel("New date").fill(other);
    await dialog.getByLabel("Arrival window").selectOption("afternoon");
    await dialog.getByRole("button", { name: "Move visit…" }).tap();
    const confirm = page.getByRole("alertdialog", { name: "Move this visit?" });
    await expect(confirm).toContainText("is e-mailed the new time");
    await checkScreen(page, "move-visit-confirmation");
    // Stepping back changes nothing.
    await confirm.getByRole("button", { name: "Cancel" }).tap();
    await expect(confirm).toBeHidden();
    await expect(history.getByRole("listitem")).toHaveCount(2);

    await dialog.getByRole("button", { name: "Move visit…" }).tap();
    await confirm.getByRole("button", { name: "Move visit" }).tap();
    await expect(history).toContainText("Appointment moved to");
    await expect(history.getByRole("listitem")).toHaveCount(3);
    await expect(dialog.getByTestId("appointment-status")).toContainText("afternoon");
  });

  test("the week view marks days gone by as past, never free", async ({ ownerPage: page }) => {
    const lastWeek = addDays(dateInZone(new Date()), -7);
    await page.goto(`/admin/schedule?view=week&date=${lastWeek}`);
    const days = page.getByTestId("schedule-day");
    await expect(days).toHaveCount(7);
    for (const day of await days.all()) {
      await expect(day).toHaveAttribute("data-past", "true");
      await expect(day).not.toContainText("Free");
      await expect(day.getByRole("button", { name: /^Book a visit/ })).toHaveCount(0);
    }
    await expect(days.first()).toContainText("Past");
  });

  test("the customer's e-mail has a viewport, a button for its link, and fits 375 px", async ({
    page,
    request,
  }) => {
    const name = uniqueName("Mailfit");
    const email = `mailfit.${Date.now()}@example.com`;
    await seedBooking(request, name, { email });
    const find = () =>
      mailbox.received.find(
        (m) => m.envelopeTo.includes(email) && /booking request/i.test(m.headers["subject"] ?? ""),
      );
    await expect.poll(() => find() !== undefined, { timeout: 60_000 }).toBe(true);
    const parsed = await PostalMime.parse(find()!.raw);
    const html = parsed.html!;
    expect(html).toBeTruthy();

    await page.setContent(html);
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute("content", /width=device-width/);
    const button = page.getByRole("link", { name: "See your request" });
    await expect(button).toHaveAttribute("href", /\/request\/[A-Za-z0-9_-]{22}$/);
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    // Nothing runs wider than the phone: not the card, not the address written out under the button.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, "email-acknowledgement");
  });
});

/** Every admin screen, by its address. */
const screens = [
  ["dashboard", "/admin"],
  ["inbox", "/admin/submissions"],
  ["schedule", "/admin/schedule"],
  ["schedule-week", "/admin/schedule?view=week"],
  ["money", "/admin/money"],
  ["customers", "/admin/customers"],
  ["reviews", "/admin/testimonials"],
  ["availability", "/admin/availability"],
  ["price-list", "/admin/price-list"],
  ["personal-data", "/admin/people"],
  ["notifications", "/admin/notifications"],
  ["new-job", "/admin/jobs/new"],
] as const;

for (const width of [375, 1280]) {
  test.describe(`every admin screen at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 740 : 900 } });
    for (const [label, path] of screens) {
      test(`${label}: axe with target-size, 44 px targets`, async ({ ownerPage: page }) => {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("status")).toHaveCount(0, { timeout: 15_000 }); // nothing still loading
        await checkScreen(page, `admin-${label}`);
      });
    }

    test("a request, its customer and a day's run sheet: axe with target-size, 44 px targets", async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const name = uniqueName("Screens");
      const id = await seedBooking(request, name, uniqueContact(name));
      await ownClient(page);
      await signedIn(context, request, baseURL!);
      await page.goto(`/admin/requests/${id}`);
      const dialog = requestDialog(page);
      await expect(dialog.getByRole("list", { name: "Times the customer asked for" })).toBeVisible();
      await checkScreen(page, "admin-request");
      await dialog.getByTestId("request-customer").click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await checkScreen(page, "admin-customer");
      await page.goto(`/admin/schedule/print?date=${offeredDates()[0]!.date}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await checkScreen(page, "admin-run-sheet");
    });
  });
}
