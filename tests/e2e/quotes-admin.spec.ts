/**
 * Quotes in the admin, on the real stack at 375 px: the owner keeps a price list (add,
 * edit, refuse a bad price, remove), builds a quote for a booking from it with an optional line
 * and a percentage deposit while the totals follow every keystroke, has a refused save keep what
 * was typed with the server's message beside the field, saves the draft and sends it. The request
 * then shows Quoted with its history entry, the customer's e-mail is caught by the loopback SMTP
 * server, and its PDF attachment is read back to text (number, lines, total). At 1280 px the price
 * list and the editor with a line from it are checked (the flows run at 375 px:
 * docs/decisions/082-one-flow-at-one-width.md). axe finds nothing and nothing scrolls sideways.
 *
 * SHOTS=dir saves screenshots of the editor and the price list there (for looking at them by eye).
 */
import { axe, shot } from "./page-checks";
import { expect as baseExpect, type APIRequestContext } from "@playwright/test";
import { quoteNumber } from "../../src/features/quotes/contract/rules";
import { mailbox } from "./mailbox";
import { pdfFromMime, pdfWords } from "../helpers/pdf";
import { clientIp, navigateTo, seedBooking, uniqueName, test } from "./admin-support";

/** Each screen waits on function calls that take seconds on a busy 2-core machine. */
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

/** A booking through the public API, as a visitor sends it, on the first offered day with room; its id. */
const quoteBooking = (request: APIRequestContext, name: string, email: string) =>
  seedBooking(request, name, {
    email,
    phone: "07700 900654",
    address: "12 High Street, Kirkcaldy KY1 1LU",
    message: `Radiators cold at the top, valve dripping (${name}).`,
  });

/** An item of the price list, added the way the screen adds it (the admin API). */
async function seedItem(
  request: APIRequestContext,
  baseURL: string,
  cookie: string,
  item: { description: string; unitPence: number; unit?: string },
) {
  const res = await request.post("/api/admin/price-list", {
    data: item,
    headers: { Origin: new URL(baseURL).origin, Cookie: cookie, "X-Simulated-Client": clientIp() },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A message that carries a PDF (the quote). */
const withPdf = (m: { raw: string }) => /Content-Type: application\/pdf/i.test(m.raw);

test.describe("at 375 px", () => {
  const width = 375;
  test.use({ viewport: { width, height: 800 } });

  test("the owner adds, changes and removes a price list item, and a bad price is refused beside its field", async ({
    ownerPage: page,
  }) => {
    const description = `Hang a door ${uniqueName("Item")}`;

    await page.goto("/admin");
    await navigateTo(page, "Price list");
    await expect(page).toHaveURL(/\/admin\/price-list$/);
    await expect(page.getByRole("heading", { level: 1, name: "Price list" })).toBeVisible();

    const add = page.getByRole("region", { name: "Add an item" });
    await add.getByLabel("Description").fill(description);
    // Over the limit: the server refuses it and says why next to the price; nothing is lost.
    await add.getByLabel(/^Price/).fill("100,000.01");
    await add.getByLabel("Per (optional)").fill("door");
    await add.getByRole("button", { name: "Add to price list" }).click();
    await expect(add.getByText("The unit price must be at most £100,000.")).toBeVisible();
    await expect(add.getByLabel(/^Price/)).toHaveAttribute("aria-invalid", "true");
    await expect(add.getByLabel("Description")).toHaveValue(description);

    await add.getByLabel(/^Price/).fill("85");
    await add.getByRole("button", { name: "Add to price list" }).click();
    const list = page.getByTestId("price-list");
    const row = list.getByRole("listitem").filter({ hasText: description });
    await expect(row).toContainText("£85.00 per door");
    await expect(add.getByLabel("Description")).toHaveValue("");
    await axe(page, "price list");
    await shot(page, "price-list");

    // Change the price; the list shows it, and so does a fresh load (it is stored).
    await row.getByRole("button", { name: `Edit ${description}` }).click();
    await list.getByLabel(/^Price/).fill("92.50");
    await list.getByRole("button", { name: "Save changes" }).click();
    await expect(row).toContainText("£92.50 per door");
    await page.reload();
    await expect(
      page.getByTestId("price-list").getByRole("listitem").filter({ hasText: description }),
    ).toContainText("£92.50 per door");

    // Remove it, after a confirmation.
    await page
      .getByTestId("price-list")
      .getByRole("button", { name: `Remove ${description}` })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Remove from the price list" });
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText(description)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: /Your items/ })).toBeVisible();
    await expect(page.getByText(description)).toHaveCount(0);
  });

  test("the owner builds a quote from the price list with an optional line and a deposit, sends it, and the customer's PDF reads back", async ({
    ownerPage: page,
    request,
    baseURL,
    owner: session,
  }) => {
    const name = uniqueName("Fiona");
    const email = `fiona.${Date.now()}.${width}@example.com`;
    const id = await quoteBooking(request, name, email);
    const tag = uniqueName("Q").split(" ")[1]!;
    const labour = `Labour per hour ${tag}`;
    const flush = `Power flush the heating system ${tag}`;
    await seedItem(request, baseURL!, session.header, {
      description: labour,
      unitPence: 4250,
      unit: "hour",
    });
    await seedItem(request, baseURL!, session.header, { description: flush, unitPence: 35000 });

    await page.goto(`/admin/requests/${id}`);
    const request_ = page.getByRole("dialog", { name: "Appointment Request" });
    const panel = request_.getByTestId("quote-panel");
    await expect(panel.getByText("No quote yet.")).toBeVisible();
    await panel.getByRole("button", { name: "New quote" }).click();

    const editor = page.getByRole("dialog", { name: "New quote" });
    await expect(editor).toBeVisible();
    const lines = editor.getByTestId("quote-line");
    const total = editor.getByTestId("quote-total");

    // One tap on a price list item fills the empty first line.
    await editor.getByRole("button", { name: "Add from price list" }).click();
    await editor.getByRole("searchbox", { name: "Search the price list" }).fill(tag);
    await editor
      .getByTestId("price-picker")
      .getByRole("button", { name: new RegExp(labour) })
      .click();
    await expect(lines).toHaveCount(1);
    await expect(lines.nth(0).getByLabel(/^Description/)).toHaveValue(labour);
    await expect(lines.nth(0).getByLabel(/^Unit price/)).toHaveValue("42.50");
    await expect(total).toHaveText("£42.50");
    await lines
      .nth(0)
      .getByLabel(/^Quantity/)
      .fill("2.5");
    await expect(total).toHaveText("£106.25");

    // A line typed by hand, then the optional one from the price list.
    await editor.getByRole("button", { name: "Add a line" }).click();
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(1).getByLabel(/^Description/)).toBeFocused();
    await lines
      .nth(1)
      .getByLabel(/^Description/)
      .fill("Replacement radiator valve");
    await lines
      .nth(1)
      .getByLabel(/^Quantity/)
      .fill("2");
    await lines
      .nth(1)
      .getByLabel(/^Unit price/)
      .fill("18.4");
    await expect(total).toHaveText("£143.05");

    await editor.getByRole("button", { name: "Add from price list" }).click();
    await editor.getByRole("searchbox", { name: "Search the price list" }).fill("power flush");
    await editor
      .getByTestId("price-picker")
      .getByRole("button", { name: new RegExp(flush) })
      .click();
    await expect(lines).toHaveCount(3);
    await lines
      .nth(2)
      .getByRole("checkbox", { name: /Optional/ })
      .check();
    await expect(total).toHaveText("£143.05");
    await expect(editor.getByTestId("quote-total-with-optional")).toHaveText("£493.05");

    // A 25 % deposit: 25 % of £143.05 is £35.7625, so £35.76; with the option, £123.26.
    await editor.getByRole("radio", { name: "Percentage" }).check();
    await editor.getByLabel("Deposit (% of the total)").fill("25");
    await expect(editor.getByTestId("quote-deposit")).toHaveText("£35.76");
    await expect(editor.getByTestId("quote-deposit-with-optional")).toHaveText("£123.26");
    await editor.getByLabel("Note to the customer (optional)").fill("Parts and labour included.");
    await axe(page, "quote editor");
    await shot(page, "quote-editor", { fullPage: false });
    await editor.getByTestId("quote-totals").scrollIntoViewIfNeeded();
    await shot(page, "quote-editor-totals", { fullPage: false });

    // A price over the limit: the server refuses, its message is beside that price, and every
    // line stays as typed.
    await lines
      .nth(1)
      .getByLabel(/^Unit price/)
      .fill("100,000.01");
    await editor.getByRole("button", { name: "Save draft" }).click();
    await expect(editor.getByRole("alert")).toContainText("The quote was not saved.");
    await expect(lines.nth(1).getByLabel(/^Unit price/)).toHaveAttribute("aria-invalid", "true");
    await expect(lines.nth(1)).toContainText("The unit price must be at most £100,000.");
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(0).getByLabel(/^Quantity/)).toHaveValue("2.5");
    await expect(lines.nth(2).getByRole("checkbox", { name: /Optional/ })).toBeChecked();
    await expect(editor.getByLabel("Deposit (% of the total)")).toHaveValue("25");
    await shot(page, "quote-editor-refused", { fullPage: false });

    await lines
      .nth(1)
      .getByLabel(/^Unit price/)
      .fill("18.40");
    await expect(lines.nth(1).getByLabel(/^Unit price/)).toHaveAttribute("aria-invalid", "false");
    await editor.getByRole("button", { name: "Save draft" }).click();
    await expect(editor).toHaveCount(0);

    // The draft in the request: its lines and totals as the server stored them.
    const latest = panel.getByTestId("quote-latest");
    const number = quoteNumber(id);
    await expect(latest).toContainText(number);
    await expect(latest.getByTestId("quote-status")).toHaveAttribute("data-status", "draft");
    await expect(latest.getByTestId("quote-panel-total")).toHaveText("£143.05");
    await expect(latest).toContainText("Optional");
    await expect(latest).toContainText("£35.76");

    // Send, after a confirmation; the request is Quoted and its history says so at once.
    await latest.getByRole("button", { name: "Send…" }).click();
    const confirm = page.getByRole("alertdialog", { name: `Send ${number}?` });
    await expect(confirm).toContainText(email);
    await confirm.getByRole("button", { name: "Send quote" }).click();
    await expect(latest.getByTestId("quote-status")).toHaveAttribute("data-status", "sent");
    await expect(latest.getByTestId("quote-status-details")).toContainText("Sent ");
    await expect(request_.getByTestId("state-badge").first()).toHaveAttribute("data-state", "quoted");
    await expect(request_.getByTestId("request-history")).toContainText("Quoted");

    // The printable PDF opens in a new tab from the admin.
    const pdfHref = await latest.getByRole("link", { name: "Open PDF" }).getAttribute("href");
    expect(pdfHref).toBe(`/api/admin/quotes/${/\d+/.exec(pdfHref ?? "")?.[0]}/pdf`);
    await expect(latest.getByRole("link", { name: "Open PDF" })).toHaveAttribute("target", "_blank");
    const pdfAnswer = await page.request.get(pdfHref!);
    expect(pdfAnswer.status()).toBe(200);
    expect(pdfAnswer.headers()["content-type"]).toContain("application/pdf");

    // The customer's e-mail carries the PDF; read back, it names the number, the lines and the total.
    const mine = () => mailbox.received.filter((m) => m.envelopeTo.includes(email) && withPdf(m));
    await expect.poll(() => mine().length, { timeout: 90_000 }).toBe(1);
    const text = await pdfWords(pdfFromMime(mine()[0]!.raw));
    expect(text).toContain(number);
    expect(text).toContain(labour);
    expect(text).toContain("Replacement radiator valve");
    expect(text).toContain(flush);
    expect(text).toContain("£143.05");
    expect(text).toContain("£493.05");

    // Changing the sent quote makes version 2, a draft; version 1 is listed as replaced.
    await latest.getByRole("button", { name: "Change (new version)" }).click();
    const change = page.getByRole("dialog", { name: `Change ${number}: makes version 2` });
    await expect(change.getByTestId("quote-line")).toHaveCount(3);
    await expect(change.getByTestId("quote-total")).toHaveText("£143.05");
    await change
      .getByTestId("quote-line")
      .nth(0)
      .getByLabel(/^Quantity/)
      .fill("3");
    await expect(change.getByTestId("quote-total")).toHaveText("£164.30");
    await change.getByRole("button", { name: "Save draft" }).click();
    await expect(change).toHaveCount(0);
    await expect(latest).toContainText(`${number} version 2`);
    await expect(latest.getByTestId("quote-status")).toHaveAttribute("data-status", "draft");
    await expect(latest.getByTestId("quote-panel-total")).toHaveText("£164.30");
    const versions = panel.getByTestId("quote-versions");
    await expect(versions).toContainText(number);
    await expect(versions.getByTestId("quote-status")).toHaveAttribute("data-status", "superseded");
    await axe(page, "quotes panel");
    await latest.evaluate((el) => el.scrollIntoView({ block: "start" }));
    await shot(page, "quotes-panel", { fullPage: false });
  });
});

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the price list and the quote editor with a line from it pass axe and fit 1280 px", async ({
    ownerPage: page,
    request,
    baseURL,
    owner: session,
  }) => {
    const name = uniqueName("Fiona");
    const id = await quoteBooking(request, name, `fiona.${Date.now()}.1280@example.com`);
    const labour = `Labour per hour ${uniqueName("Q").split(" ")[1]!}`;
    await seedItem(request, baseURL!, session.header, { description: labour, unitPence: 4250, unit: "hour" });

    await page.goto("/admin/price-list");
    await expect(page.getByRole("listitem").filter({ hasText: labour })).toBeVisible();
    await axe(page, "price list at 1280");

    await page.goto(`/admin/requests/${id}`);
    const panel = page.getByRole("dialog", { name: "Appointment Request" }).getByTestId("quote-panel");
    await panel.getByRole("button", { name: "New quote" }).click();
    const editor = page.getByRole("dialog", { name: "New quote" });
    await editor.getByRole("button", { name: "Add from price list" }).click();
    await editor.getByRole("searchbox", { name: "Search the price list" }).fill(labour);
    await editor
      .getByTestId("price-picker")
      .getByRole("button", { name: new RegExp(labour) })
      .click();
    await expect(editor.getByTestId("quote-total")).toHaveText("£42.50");
    await axe(page, "quote editor at 1280");
    await shot(page, "quote-editor", { fullPage: false });
  });
});
