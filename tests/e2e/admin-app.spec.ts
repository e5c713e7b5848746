/**
 * The admin as one app (docs/decisions/023-admin-app.md): a request opens at its own address, the
 * browser's Back and a reload keep the screen, moving between screens loads no page, the history
 * shows an appointment change at once, the inbox row says what the request is about, and the
 * photo viewer works by keyboard and by touch.
 */
import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from "@playwright/test";
import { formatShortDate } from "../../src/platform/time";
import { photoLike } from "../helpers/images";
import { clientIp, ownClient, signedIn, uniqueName } from "./admin-support";
import { bookableDate } from "./forms-support";

/** A screen's first calls can take seconds on a busy shared 2-core machine. */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/**
 * The days these tests book and move visits to: their own, past the days other tests fill with
 * confirmed visits (a day at its cap refuses another).
 */
const seedDay = bookableDate(11);
const moveDay = bookableDate(10);

/** A booking through the public API for `seedDay`, with `photos` small photos; its id. */
async function seedBooking(request: APIRequestContext, name: string, photos = 0): Promise<number> {
  const client = clientIp();
  const ids: string[] = [];
  for (let i = 0; i < photos; i++) {
    const jpeg = await (await photoLike(640 + i * 40, 480)).jpeg({ quality: 80 }).toBuffer();
    const up = await request.post("/api/uploads", {
      data: jpeg,
      headers: { "Content-Type": "image/jpeg", "X-Simulated-Client": client },
    });
    expect(up.status(), await up.text()).toBe(201);
    ids.push(((await up.json()) as { id: string }).id);
  }
  const res = await request.post("/api/bookings", {
    data: {
      name,
      email: "app.test@example.com",
      phone: "07700 900456",
      address: "12 Links Street, Kirkcaldy KY1 1QH",
      service: "plumbing-heating",
      message: `The kitchen tap drips (${name}).`,
      preferredOptions: [{ date: seedDay, window: "morning" }],
      photos: ids,
      website: "",
      formStartedAt: Date.now() - 60_000,
    },
    headers: { "X-Simulated-Client": client },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const requestDialog = (page: Page) => page.getByRole("dialog", { name: "Appointment Request" });

/** The dialog's own scroll position (the request screen scrolls inside it). */
const scrollTop = (dialog: Locator) => dialog.evaluate((el) => el.scrollTop);

test.describe("the admin app", () => {
  test("a request has its own address: opened from the inbox, Back, Forward, reload, a link", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const name = uniqueName("Address");
    const id = await seedBooking(request, name);
    await ownClient(page);
    await signedIn(context, request, baseURL!);

    await page.goto(`/admin/submissions?q=${encodeURIComponent(name)}`);
    const row = page.getByTestId(`submission-row-${id}`);
    await expect(row).toBeVisible();
    // One app for every screen: moving between them keeps this page (no load).
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));

    await row.getByRole("link", { name: `View details for ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/requests/${id}\\?q=`));
    await expect(requestDialog(page)).toContainText(name);
    await expect(page).toHaveTitle(/^Request \|/);

    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/submissions\?q=/);
    await expect(requestDialog(page)).toBeHidden();
    await expect(row).toBeVisible();
    await page.goForward();
    await expect(requestDialog(page)).toContainText(name);

    // A reload keeps the screen: the same request, over the same filtered inbox.
    await page.reload();
    await expect(requestDialog(page)).toContainText(name);
    await expect(page).toHaveURL(new RegExp(`/admin/requests/${id}\\?q=`));
    await page.keyboard.press("Escape");
    await expect(requestDialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/submissions\?q=/);
    await expect(page.getByRole("searchbox", { name: /Search by name/ })).toHaveValue(name);

    // The navigation moves within the app: the page is never reloaded.
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Inbox" }).click();
    await expect(page.getByRole("heading", { name: "Form Submissions" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);

    // The link in the owner's e-mail: the address alone opens the request; closing shows the inbox.
    const fresh = await context.newPage();
    await ownClient(fresh);
    await fresh.goto(`/admin/requests/${id}`);
    await expect(requestDialog(fresh)).toContainText(name);
    await requestDialog(fresh).getByRole("button", { name: "Close" }).click();
    await expect(fresh).toHaveURL(/\/admin\/submissions$/);
    await expect(fresh.getByRole("heading", { name: "Form Submissions" })).toBeVisible();

    // A request that does not exist says so.
    await fresh.goto("/admin/requests/999999999");
    await expect(fresh.getByRole("dialog", { name: "Request" })).toContainText("no longer exists");
    await fresh.close();
  });

  test("the first screen's calls start while the app loads, and are each asked for once", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await seedBooking(request, uniqueName("Early"));
    await ownClient(page);
    await signedIn(context, request, baseURL!);
    // A slow connection: every script takes 1.5 s, so the app's modules arrive in waves.
    await page.route(/\/_astro\/.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    // When the app starts: React replaces the page's static "Checking your session…" shell.
    await page.addInitScript(() => {
      new MutationObserver((records) => {
        for (const r of records)
          if ((r.target as Element).id === "admin-root" && r.removedNodes.length > 0)
            (window as unknown as { appStartedAt?: number }).appStartedAt ??= performance.now();
      }).observe(document, { subtree: true, childList: true });
    });
    const asked: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith("/api/")) asked.push(`${r.method()} ${url.pathname}${url.search}`);
    });
    const count = (call: string) => asked.filter((a) => a === call).length;
    /** When each call started, and when the app started, on the page's clock. */
    const timings = (paths: string[]) =>
      page.evaluate((wanted) => {
        const started = Object.fromEntries(
          performance
            .getEntriesByType("resource")
            .map((e) => [new URL(e.name).pathname + new URL(e.name).search, e.startTime] as const)
            .filter(([path]) => wanted.includes(path)),
        );
        return { started, app: (window as unknown as { appStartedAt?: number }).appStartedAt ?? 0 };
      }, paths);

    await page.goto("/admin");
    await expect(page.getByText(/\d+ in total, \d+ unread/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible();
    const calls = ["/api/admin/session", "/api/admin/summary", "/api/admin/attention", "/api/admin/money"];
    const dashboard = await timings(calls);
    expect(dashboard.app).toBeGreaterThan(0);
    for (const call of calls) {
      expect(count(`GET ${call}`), `${call} in ${asked.join(", ")}`).toBe(1);
      // At least one wave of scripts before the app could have asked.
      expect(dashboard.started[call], call).toBeLessThan(dashboard.app - 1_000);
    }

    asked.length = 0;
    await page.goto("/admin/submissions");
    await expect(page.locator("tbody tr").first()).toBeVisible();
    expect(count("GET /api/admin/session")).toBe(1);
    expect(count("GET /api/admin/submissions?type=all")).toBe(1);
    const inbox = await timings(["/api/admin/submissions?type=all"]);
    expect(inbox.started["/api/admin/submissions?type=all"]).toBeLessThan(inbox.app - 1_000);
  });

  test("the history shows a confirmed and then a moved appointment at once", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const name = uniqueName("Moved");
    const id = await seedBooking(request, name);
    await ownClient(page);
    await signedIn(context, request, baseURL!);
    await page.goto(`/admin/requests/${id}`);
    const dialog = requestDialog(page);
    const history = dialog.getByTestId("request-history");
    await expect(history.getByRole("listitem")).toHaveCount(1); // Received

    await dialog
      .getByRole("list", { name: "Times the customer asked for" })
      .getByRole("button", { name: /^Confirm / })
      .click();
    await expect(history).toContainText("Appointment confirmed for");
    await expect(history.getByRole("listitem")).toHaveCount(2);
    await expect(dialog.getByTestId("state-badge").first()).toHaveText("Scheduled");

    const other = moveDay;
    // A confirmed visit is moved through "Move visit" and its confirmation step.
    await dialog.getByText("Move visit", { exact: true }).click();
    await dialog.getByLabel("New date").fill(other);
    await dialog.getByLabel("Arrival window").selectOption("afternoon");
    await dialog.getByRole("button", { name: "Move visit…" }).click();
    await page
      .getByRole("alertdialog", { name: "Move this visit?" })
      .getByRole("button", { name: "Move visit" })
      .click();
    await expect(history).toContainText("Appointment moved to");
    await expect(history.getByRole("listitem")).toHaveCount(3);

    // The inbox behind it shows the new state too, without a reload.
    await page.keyboard.press("Escape");
    await expect(page.getByTestId(`submission-row-${id}`)).toHaveAttribute("data-state", "scheduled");
  });

  test("the inbox row shows the reference, service, first choice of day and photos", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const name = uniqueName("Row");
    const id = await seedBooking(request, name, 2);
    await ownClient(page);
    await signedIn(context, request, baseURL!);
    await page.goto(`/admin/submissions?q=${encodeURIComponent(name)}`);
    const details = page.getByTestId(`submission-row-${id}`).getByTestId("row-details");
    await expect(details).toContainText(`KB-${String(id).padStart(6, "0")}`);
    await expect(details).toContainText("Plumbing & Heating");
    const day = formatShortDate(seedDay);
    await expect(details).toContainText(`First choice ${day}`);
    await expect(details.getByTestId("row-photos")).toHaveText("2 photos");
  });
});

test.describe("the photo viewer on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("a tap opens it in place, a swipe pages, Escape closes the viewer only", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const name = uniqueName("Viewer");
    const id = await seedBooking(request, name, 2);
    await ownClient(page);
    await signedIn(context, request, baseURL!);
    await page.goto(`/admin/requests/${id}`);
    const dialog = requestDialog(page);
    const open = dialog.getByRole("button", { name: "Open photo 1 of 2" });
    await open.scrollIntoViewIfNeeded();
    const before = await scrollTop(dialog);
    await open.tap();

    const viewer = page.getByRole("dialog", { name: "Photo 1 of 2" });
    const img = viewer.getByRole("img");
    await expect(img).toBeVisible();
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
      .toBeGreaterThan(0);
    // The photo fills the screen: all of it inside the 375 px viewport, nothing scrolled away.
    const box = (await img.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    // The viewer hides the request dialog from assistive technology (aria-hidden), so find it by
    // its role attribute rather than through the accessibility tree.
    const behind = page.locator('[role="dialog"]').filter({ hasText: "Appointment Request" });
    expect(await scrollTop(behind)).toBe(before);

    await viewer.getByRole("button", { name: "Next" }).tap();
    await expect(page.getByRole("dialog", { name: "Photo 2 of 2" })).toBeVisible();
    // A swipe to the right goes back to the first photo.
    const content = page.getByRole("dialog", { name: "Photo 2 of 2" });
    const at = (await content.boundingBox())!;
    const y = at.y + at.height / 2;
    await content.dispatchEvent("pointerdown", {
      clientX: 80,
      clientY: y,
      pointerType: "touch",
      isPrimary: true,
    });
    await content.dispatchEvent("pointerup", {
      clientX: 260,
      clientY: y + 10,
      pointerType: "touch",
      isPrimary: true,
    });
    await expect(page.getByRole("dialog", { name: "Photo 1 of 2" })).toBeVisible();

    // Escape closes the viewer, and only the viewer.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: /^Photo / })).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/requests/${id}$`));
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});
