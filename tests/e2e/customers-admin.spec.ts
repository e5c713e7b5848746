/**
 * Customers in the admin, on the real stack at 375 and 1280 px: a booking and a contact message from
 * one person (the phone number written two ways, the e-mail address in two cases) make one customer.
 * The owner opens Customers from the navigation, finds them by name and by postcode, opens them, sees
 * both requests, their quote and invoice with the amounts, the tap-to-call and e-mail links and "New job for this customer" prefilled, opens a
 * request from there, and the request shows "Customer: <name> (2 jobs)" leading back. axe finds
 * nothing and nothing scrolls sideways.
 *
 * SHOTS=dir saves screenshots of the list and the customer there (for looking at them by eye).
 */
import { expect as baseExpect, type APIRequestContext } from "@playwright/test";
import { clientIp, postBookingWithRoom, uniqueName, test } from "./admin-support";
import { axe, shot } from "./page-checks";

/** Each screen waits on function calls that take seconds on a busy 2-core machine. */
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

const human = () => ({ website: "", formStartedAt: Date.now() - 60_000 });

async function post(
  request: APIRequestContext,
  path: string,
  data: Record<string, unknown>,
): Promise<number> {
  const res = await request.post(path, {
    data: { ...data, ...human() },
    headers: { "X-Simulated-Client": clientIp() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A made-up UK mobile number, as digits. */
const mobile = () => `077${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
/** A postcode no other test uses: KY + 2 digits, a space, a digit and two letters. */
const postcode = () => {
  const l = () => "ABDEFGHJLNPQRSTUWXYZ"[Math.floor(Math.random() * 20)];
  return `KY${10 + Math.floor(Math.random() * 80)} ${Math.floor(Math.random() * 10)}${l()}${l()}`;
};

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 800 : 900 } });

    test("the owner finds a customer, sees both their requests, and moves between customer and request", async ({
      ownerPage: page,
      request,
      baseURL,
      owner: session,
    }) => {
      const name = uniqueName("Ailsa");
      const digits = mobile();
      const pc = postcode();
      const email = `${name.replace(/\s/g, ".").toLowerCase()}@example.com`;
      // On the first offered day with room: other tests fill the first days' diary.
      const bookingAnswer = await postBookingWithRoom(request, {
        name,
        email,
        phone: `${digits.slice(0, 5)} ${digits.slice(5)}`,
        address: `14 Kirk Wynd, Kirkcaldy ${pc}`,
        service: "paint-wallpaper",
        message: `Two rooms to paint (${name}).`,
        ...human(),
      });
      const booking = ((await bookingAnswer.json()) as { id: number }).id;
      const message = await post(request, "/api/contact", {
        name,
        email: email.toUpperCase(),
        phone: `+44 ${digits.slice(1, 5)} ${digits.slice(5)}`,
        message: `Could you also look at a sticking door? (${name})`,
      });

      // The owner's quote for the booking and a direct invoice for the message, through the admin API.
      const admin = {
        Origin: new URL(baseURL!).origin,
        Cookie: session.header,
        "X-Simulated-Client": clientIp(),
      };
      const quote = await request.post(`/api/admin/submissions/${booking}/quotes`, {
        data: { lines: [{ description: "Paint two rooms", quantity: 2, unitPence: 18500 }] },
        headers: admin,
      });
      expect(quote.status(), await quote.text()).toBe(201);
      const invoice = await request.post("/api/admin/invoices", {
        data: {
          kind: "direct",
          submissionId: message,
          lines: [{ description: "Ease the door", quantity: 1, unitPence: 6500 }],
        },
        headers: admin,
      });
      expect(invoice.status(), await invoice.text()).toBe(201);

      await page.goto("/admin");
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Customers" }).click();
      await expect(page).toHaveURL(/\/admin\/customers$/);
      await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();

      const box = page.getByRole("searchbox", { name: "Search by name, phone, e-mail or postcode" });
      await box.fill(pc.toLowerCase().replace(" ", ""));
      await expect(page).toHaveURL(/\?q=/);
      const rows = page.getByTestId("customer-row");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(name);
      await expect(rows.first()).toContainText("2 jobs");
      await expect(rows.first()).toContainText(pc);

      await box.fill(name);
      await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(name).replace(/%20/g, "(\\+|%20)")}`));
      await expect(rows).toHaveCount(1);
      await axe(page, "customer list");
      await shot(page, "customers-list");

      await rows.first().getByRole("link", { name }).click();
      await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      const requests = page.getByTestId("customer-request");
      await expect(requests).toHaveCount(2);
      await expect(requests.nth(0)).toContainText(`KC-${String(message).padStart(6, "0")}`);
      await expect(requests.nth(1)).toContainText(`KB-${String(booking).padStart(6, "0")}`);
      await expect(requests.nth(1)).toContainText("Paint & Wallpaper");
      await expect(
        page.getByRole("link", { name: `${digits.slice(0, 5)} ${digits.slice(5)}` }),
      ).toHaveAttribute("href", `tel:${digits}`);
      await expect(page.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
      const newJob = new URL(
        (await page.getByRole("link", { name: "New job for this customer" }).getAttribute("href"))!,
        baseURL,
      );
      expect(newJob.pathname).toBe("/admin/jobs/new");
      expect(Object.fromEntries(newJob.searchParams)).toEqual({
        name,
        phone: `${digits.slice(0, 5)} ${digits.slice(5)}`,
        email,
        address: `14 Kirk Wynd, Kirkcaldy ${pc}`,
        source: "repeat",
      });
      const quotes = page.getByRole("region", { name: /^Quotes/ });
      await expect(quotes).toContainText(`Q-${String(booking).padStart(6, "0")}`);
      await expect(quotes).toContainText("£370.00");
      const invoices = page.getByTestId("customer-invoice");
      await expect(invoices).toHaveCount(1);
      await expect(invoices.first()).toContainText("Draft");
      await expect(invoices.first()).toContainText("£65.00");
      await axe(page, "customer");
      await shot(page, "customer");

      const customerUrl = page.url();
      await requests
        .nth(1)
        .getByRole("link", { name: `KB-${String(booking).padStart(6, "0")}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin/requests/${booking}$`));
      const back = page.getByTestId("request-customer");
      await expect(back).toHaveText(`Customer: ${name} (2 jobs)`);
      await back.click();
      await expect(page).toHaveURL(customerUrl);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    });
  });
}
