/**
 * "New invoice" on the money screen, on the real stack at 375 and 1280 px: a direct invoice for a
 * customer with no request (name, e-mail, address, a line), saved as a draft, issued, its PDF opened
 * from the link and read back (the number, the customer, the line and the total), then e-mailed: the
 * message is caught by the loopback SMTP server and its PDF read back too, with its link to that
 * invoice alone; the invoice list opens it again. Nothing scrolls sideways.
 *
 * SHOTS=dir saves screenshots there.
 */
import { expect as baseExpect } from "@playwright/test";
import { mailbox } from "./mailbox";
import { pdfFromMime, pdfWords } from "../helpers/pdf";
import { uniqueName, test } from "./admin-support";
import { shot } from "./page-checks";

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 800 : 900 } });

    test("a direct invoice is written, issued, its PDF read back, and e-mailed", async ({
      ownerPage: page,
      baseURL,
    }) => {
      const name = uniqueName("Fenella");
      const email = `fenella.${Date.now()}.${width}@example.com`;

      await page.goto("/admin/money");
      await page.getByRole("button", { name: "New invoice" }).click();
      const editor = page.getByRole("dialog", { name: "New invoice" });
      await expect(editor).toContainText("For a customer with no request.");
      await editor.getByLabel("Name", { exact: true }).fill(name);
      await editor.getByLabel("E-mail address (optional)", { exact: true }).fill(email);
      await editor
        .getByLabel("Address (optional)", { exact: true })
        .fill("8 Links Street, Kirkcaldy KY1 1QH");
      const line = editor.getByTestId("invoice-lines").getByRole("listitem").first();
      await line.getByLabel(/^Description/).fill("Rehang the garden gate");
      await line.getByLabel(/^Quantity/).fill("2");
      await line.getByLabel(/^Unit price/).fill("45");
      await expect(editor.getByTestId("invoice-editor-total")).toHaveText("£90.00");
      await expect(editor.getByTestId("invoice-due-terms")).toContainText("Due ");
      await shot(page, "direct-invoice-editor");
      await editor.getByRole("button", { name: "Save draft" }).click();

      const issue = page.getByRole("dialog", { name: "Issue the invoice" });
      await expect(issue).toContainText(`${name}: £90.00.`);
      await issue.getByRole("button", { name: "Issue", exact: true }).click();
      const issued = page.getByRole("dialog", { name: /^Invoice KH-\d{4,}$/ });
      await expect(issued).toContainText("Issued ");
      const number = (await issued.getByRole("heading").first().textContent())!.replace("Invoice ", "");
      expect(number).toMatch(/^KH-\d{4,}$/);

      const href = await issued.getByRole("link", { name: "Open the PDF" }).getAttribute("href");
      const pdfAnswer = await page.request.get(new URL(href!, baseURL).toString());
      expect(pdfAnswer.status()).toBe(200);
      expect(pdfAnswer.headers()["content-type"]).toContain("application/pdf");
      const pdf = await pdfWords(new Uint8Array(await pdfAnswer.body()));
      expect(pdf).toContain(number);
      expect(pdf).toContain(name);
      expect(pdf).toContain("Rehang the garden gate");
      expect(pdf).toContain("£90.00");

      await issued.getByRole("button", { name: `E-mail it to ${email}` }).click();
      await expect(issued).toContainText(`E-mailed to ${email}.`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "scrolls sideways").toBeLessThanOrEqual(0);
      await shot(page, "direct-invoice-issued");

      const mine = () => mailbox.received.filter((m) => m.envelopeTo.includes(email));
      await expect.poll(() => mine().length, { timeout: 90_000 }).toBe(1);
      const mailed = await pdfWords(pdfFromMime(mine()[0]!.raw));
      expect(mailed).toContain(number);
      expect(mailed).toContain(name);
      // The e-mail carries a link to this invoice alone (a direct invoice has no request's page).
      const text = mine()[0]!.raw.replace(/=\r?\n/g, "");
      expect(text).toMatch(/\/invoice\/[A-Za-z0-9_-]{22}/);
      expect(text).not.toMatch(/\/request\/[A-Za-z0-9_-]{22}/);

      // The invoice list opens it (it has no request to open): its PDF, and that it was e-mailed.
      await page.keyboard.press("Escape");
      await page.goto("/admin/invoices");
      const row = page.getByTestId("invoice-row").filter({ hasText: number });
      await row.getByRole("button", { name: number }).click();
      const opened = page.getByRole("dialog", { name: `Invoice ${number}` });
      await expect(opened).toContainText(`E-mailed to ${email}.`);
      await expect(opened.getByRole("link", { name: "Open the PDF" })).toHaveAttribute("href", href!);
      await shot(page, "invoice-list-direct-opened");
    });
  });
}
