/**
 * The installable admin and its notifications in Chromium (docs/decisions/034-push-notifications.md):
 * the service worker is registered under /admin only (public pages have none, and their policy
 * forbids one), the manifest and its icons; a push message delivered to the worker through the
 * DevTools protocol shows a notification, and its tap opens the request in the admin window;
 * "Notify me on this device" registers the browser and "Send a test" reaches the push service.
 *
 * Headless Chromium here has no connection to its maker's push service, so the test stands one in
 * on loopback (tests/helpers/push-service.ts: it verifies the VAPID signature and decrypts the
 * payload with the subscription's keys) and makes the page's `pushManager.subscribe` answer with
 * a subscription at that service: everything after that call is the real code path.
 */
import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { ownClient, seedBooking, signedIn } from "./admin-support";
import { startPushService, type PushService } from "../helpers/push-service";
import { shot } from "./page-checks";
import { pushPort } from "../../playwright.config";

// The admin's first screen takes seconds on the local stack of a busy machine (docs/testing.md, the local stack).
const expect = baseExpect.configure({ timeout: 30_000 });
// In order, in one worker: the stack takes a loopback push endpoint only at its one
// LOCAL_PUSH_ORIGIN (playwright.config.ts `pushPort`), so only one push service may listen.
test.describe.configure({ mode: "default", timeout: 180_000 });

let service: PushService;
test.beforeAll(async () => {
  service = await startPushService({ port: pushPort });
});
test.afterAll(async () => {
  await service?.close();
});

/** A booking for the push test, on the first offered day that has room. */
const pushBooking = (request: APIRequestContext, name: string) =>
  seedBooking(request, name, {
    email: "push.test@example.com",
    phone: "07700 900654",
    address: "4 Path, Dysart KY1 2XX",
    message: `Dripping tap in the kitchen (${name}).`,
  });

/** The admin page's service worker registration, once active: its scope. */
const readyScope = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.ready).scope);

async function admin(context: BrowserContext, request: APIRequestContext, baseURL: string, path: string) {
  await signedIn(context, request, baseURL);
  const page = await context.newPage();
  await ownClient(page);
  await page.goto(path);
  return page;
}

test("the service worker and the manifest are the admin's only", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await ownClient(page);
  const home = await page.goto("/");
  expect(home!.headers()["content-security-policy"]).toContain("worker-src 'none'");
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
  expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");

  await signedIn(context, request, baseURL!);
  const adminPage = await page.goto("/admin");
  expect(adminPage!.headers()["content-security-policy"]).toContain("worker-src 'self'");
  expect(await readyScope(page)).toBe(`${baseURL}/admin`);
  expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/admin.webmanifest");
  // A request's own address is under the scope too (it is the admin shell, rewritten).
  const request42 = await page.goto("/admin/requests/42");
  expect(request42!.headers()["content-security-policy"]).toContain("worker-src 'self'");

  // Back on a public page: the registration does not cover it and nothing controls it.
  await page.goto("/services");
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  expect(
    await page.evaluate(() => navigator.serviceWorker.getRegistration("/").then((r) => r?.scope ?? null)),
  ).toBeNull();

  const manifest = await request.get("/admin.webmanifest");
  expect(manifest.headers()["content-type"]).toContain("manifest+json");
  const m = (await manifest.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(m).toMatchObject({
    start_url: "/admin",
    scope: "/admin",
    display: "standalone",
    theme_color: "#132340",
  });
  expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of m.icons) {
    const res = await request.get(icon.src);
    expect(res.headers()["content-type"]).toBe("image/png");
    const png = await res.body();
    const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(`${w}x${h}`).toBe(icon.sizes);
  }
  const sw = await request.get("/admin-sw.js");
  expect(sw.headers()["content-type"]).toMatch(/javascript/);
});

test("a push message shows the notification; its tap opens the request", async ({
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(["notifications"], { origin: baseURL! });
  const id = await pushBooking(request, "Elspeth Dysart");
  const page = await admin(context, request, baseURL!, "/admin");
  await readyScope(page);
  // The page becomes the worker's client (clients.claim) once it is active.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const [worker] = context.serviceWorkers();
  expect(worker!.url()).toBe(`${baseURL}/admin-sw.js`);

  // Where a tap goes: the admin's own addresses only.
  expect(
    await worker!.evaluate(() => {
      const target = (self as unknown as { adminTarget: (u: unknown) => string }).adminTarget;
      return [
        target("/admin/requests/7"),
        target("/admin/submissions?state=new"),
        target("https://evil.example/admin/requests/7"),
        target("/"),
        target("/administrator"),
        target(undefined),
      ];
    }),
  ).toEqual(["/admin/requests/7", "/admin/submissions?state=new", "/admin", "/admin", "/admin", "/admin"]);

  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${baseURL}/admin` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registration;
  const payload = {
    title: "New booking: Elspeth Dysart",
    body: "Plumbing & Heating",
    url: `/admin/requests/${id}`,
    tag: `request-${id}`,
  };
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      })),
    );
  expect(await shown()).toEqual([]);
  // After the push, the list is read only once the worker's showNotification has settled. Chromium's
  // getNotifications() deletes a stored notification that is not on display yet when the read
  // starts, so a read between the two loses the notification for good (a scratch test reading in
  // a loop during the push lost it 4 times in 8).
  await worker!.evaluate(() => {
    const scope = self as unknown as { shownOnce?: Promise<unknown> };
    const proto = ServiceWorkerRegistration.prototype;
    const show = proto.showNotification;
    scope.shownOnce = new Promise((resolve, reject) => {
      proto.showNotification = function (...args) {
        const done = show.apply(this, args);
        done.then(resolve, reject);
        return done;
      };
    });
  });
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: new URL(baseURL!).origin,
    registrationId,
    data: JSON.stringify(payload),
  });
  await worker!.evaluate(() => (self as unknown as { shownOnce: Promise<unknown> }).shownOnce);
  expect(await shown()).toEqual([
    { title: payload.title, body: payload.body, tag: payload.tag, data: { url: `/admin/requests/${id}` } },
  ]);

  // The tap: the worker's notificationclick handler with that notification (an event made here,
  // as headless Chromium has no notification to click). It moves the open admin window.
  await worker!.evaluate(async () => {
    // The worker's globals, which the DOM typings this file is checked with do not name.
    const scope = self as unknown as {
      registration: { getNotifications(): Promise<unknown[]> };
      NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
      dispatchEvent(event: Event): boolean;
    };
    const [n] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification: n }));
  });
  await expect(page).toHaveURL(`${baseURL}/admin/requests/${id}`);
  await expect(page.getByRole("dialog").getByText("Elspeth Dysart").first()).toBeVisible();
  await expect.poll(shown).toEqual([]);
});

test("Notify me on this device, send a test, rename and remove", async ({ browser, request, baseURL }) => {
  const run = Date.now().toString(36).slice(-4);
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.grantPermissions(["notifications"], { origin: baseURL! });
    const browserSide = service.subscribe();
    // The subscription the browser's push service would give, at the loopback service.
    await context.addInitScript((sub) => {
      const subscription = {
        ...sub,
        options: {},
        toJSON: () => sub,
        unsubscribe: async () => true,
        getKey: () => null,
      };
      let subscribed = false;
      PushManager.prototype.subscribe = async function (options) {
        const key = options?.applicationServerKey as Uint8Array;
        (window as unknown as { subscribedWith: number }).subscribedWith = key.byteLength;
        subscribed = true;
        return subscription as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () =>
        subscribed ? (subscription as unknown as PushSubscription) : null;
    }, browserSide.subscription);
    const page = await admin(context, request, baseURL!, "/admin/notifications");
    await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    const name = page.getByLabel("Name of this device");
    await name.fill(`Phone ${width} ${run}`);
    await shot(page, "notifications-before");
    await page.getByRole("button", { name: "Notify me on this device" }).click();
    const device = page.getByTestId("push-device").filter({ hasText: `Phone ${width} ${run}` });
    await expect(device).toContainText("This device");
    expect(await page.evaluate(() => (window as unknown as { subscribedWith: number }).subscribedWith)).toBe(
      65,
    );

    await device.getByRole("button", { name: "Send a test" }).click();
    // (A booking another test makes at the same time notifies this device too: look for the test.)
    await expect
      .poll(() => service.at(browserSide.path).find((r) => r.payload?.title === "Test notification") ?? null)
      .toMatchObject({
        problem: null,
        payload: { body: "Notifications work on this device.", url: "/admin/notifications" },
      });
    expect(service.at(browserSide.path).filter((r) => r.problem !== null)).toEqual([]);
    await expect(device).toContainText("Last notified");
    await shot(page, "notifications");

    await device.getByRole("button", { name: `Rename Phone ${width} ${run}` }).click();
    await page.getByLabel("Device name").fill(`Van phone ${width} ${run}`);
    await page.getByRole("button", { name: "Save" }).click();
    const renamed = page.getByTestId("push-device").filter({ hasText: `Van phone ${width} ${run}` });
    await expect(renamed).toBeVisible();

    await renamed.getByRole("button", { name: `Remove Van phone ${width} ${run}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove device" }).click();
    await expect(
      page.getByTestId("push-device").filter({ hasText: `Van phone ${width} ${run}` }),
    ).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Notify me on this device" })).toBeVisible();
    await context.close();
  }
});

test("on an iPhone in Safari, the screen explains Add to Home Screen first", async ({
  browser,
  request,
  baseURL,
}) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  });
  const page = await admin(context, request, baseURL!, "/admin/notifications");
  await expect(page.getByTestId("ios-install")).toContainText("Add to Home Screen");
  await expect(page.getByRole("button", { name: "Notify me on this device" })).toHaveCount(0);
  await shot(page, "notifications-iphone");
  await context.close();
});
