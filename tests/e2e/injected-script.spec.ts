/**
 * A `<script>` typed into every text the customer's page shows neither runs nor is allowed by the
 * page's CSP, in Chromium (docs/decisions/043-security-by-default.md): the customer's booking
 * (address, message) and the owner's quote (lines, note) each carry a script that would set
 * `window.owned`; the page shows them as text, `window.owned` stays unset, and the page's own
 * script (the quote's running total, allowed by its hash) still works.
 */
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { apiSignIn, clientIp, uniqueName } from "./admin-support";
import { mailTo, pagePath } from "./mailbox";
import { bookableDate } from "./forms-support";

test.describe.configure({ timeout: 180_000 });

const typed = (where: string) => `<script>window.owned=(window.owned||[]).concat("${where}")</script>`;

test("scripts typed by the customer and the owner show as text and never run", async ({ page, request }) => {
  const name = uniqueName("Isla");
  const email = `injected.${Date.now()}@example.com`;
  const booked = await request.post("/api/bookings", {
    data: {
      name,
      email,
      phone: "07700 900654",
      address: `4 Links Street ${typed("address")}, Kirkcaldy KY1 1QH`,
      service: "plumbing-heating",
      message: `The kitchen tap drips. ${typed("message")}`,
      preferredOptions: [{ date: bookableDate(), window: "morning" }],
      website: "",
      formStartedAt: Date.now() - 60_000,
    },
    headers: { "X-Simulated-Client": clientIp() },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const id = ((await booked.json()) as { id: number }).id;

  const admin = await apiSignIn(request, baseURL);
  const headers = { Cookie: admin.header, Origin: new URL(baseURL).origin };
  const created = await request.post(`/api/admin/submissions/${id}/quotes`, {
    data: {
      lines: [
        { description: `Replace the tap ${typed("quote line")}`, quantity: 1, unitPence: 18_000 },
        {
          description: `Reseal the sink ${typed("optional line")}`,
          quantity: 1,
          unitPence: 3_550,
          optional: true,
        },
      ],
      note: `Parts included. ${typed("quote note")}`,
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const quoteId = ((await created.json()) as { quote: { id: number } }).quote.id;
  const sent = await request.post(`/api/admin/quotes/${quoteId}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);

  await page.setExtraHTTPHeaders({ "X-Simulated-Client": clientIp() });
  const refused: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await page.goto(pagePath(await mailTo(email, /Your quote from/)));
  for (const where of ["address", "message", "quote line", "optional line", "quote note"]) {
    await expect(page.getByText(typed(where), { exact: false }).first()).toBeVisible();
  }
  expect(await page.evaluate(() => (window as unknown as { owned?: string[] }).owned)).toBeUndefined();
  expect(await page.locator("script").count()).toBe(1); // the page's own

  // The page's own script runs: ticking the extra changes the button's total at once.
  const button = page.getByRole("button", { name: /^Accept and agree to pay/ });
  await expect(button).toHaveText("Accept and agree to pay £180.00");
  await page.getByLabel(/Reseal the sink/).check();
  await expect(button).toHaveText("Accept and agree to pay £215.50");
  expect(refused).toEqual([]);
});
