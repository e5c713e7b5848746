/**
 * The owner edits his website in the admin, on the real stack at 375 and 1280 px: a service's
 * price changed and published in four taps after opening the Website screen, the publish state
 * says it is live, a bad price is refused beside its field with what was typed kept, a FAQ is
 * added and hidden. axe finds nothing and nothing scrolls sideways.
 *
 * SHOTS=dir saves screenshots of the screen there (for looking at them by eye).
 */
import { expect as baseExpect, test, type APIRequestContext } from "@playwright/test";
import { axe, shot } from "./page-checks";
import { clientIp, ownClient, signedIn, uniqueName } from "./admin-support";

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

/** A service of this test's own, added the way the screen adds it (the admin API). */
async function seedService(request: APIRequestContext, baseURL: string, cookie: string, name: string) {
  const res = await request.post("/api/admin/site/services", {
    data: {
      name,
      summary: "Gutters and downpipes cleared and checked.",
      description: "We clear moss and leaves from gutters and downpipes and check every joint.",
      startingPricePence: 9500,
      priceBasis: "fixed",
    },
    headers: { Origin: new URL(baseURL).origin, Cookie: cookie, "X-Simulated-Client": clientIp() },
  });
  expect(res.status(), await res.text()).toBe(201);
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 800 : 900 } });

    test("the owner changes a price and publishes it in four taps; a bad price is refused beside its field", async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      await ownClient(page);
      const session = await signedIn(context, request, baseURL!);
      const name = `Gutters ${uniqueName("W").split(" ")[1]}`;
      await seedService(request, baseURL!, session.header, name);

      await page.goto("/admin/website");
      await expect(page.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();
      const row = page.getByRole("listitem").filter({ hasText: name });
      await expect(row).toContainText("£95 fixed price");
      await shot(page, "website-services");
      await axe(page, "website services");

      // Tap 1: edit. Tap 2: the price. Tap 3: save the draft. Tap 4: publish.
      await row.getByRole("button", { name: `Edit ${name}` }).click();
      const form = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("button", { name: "Save draft" }) });
      const price = form.getByLabel("Starting price (£)");
      await price.fill("-5");
      await form.getByRole("button", { name: "Save draft" }).click();
      await expect(form.getByText("The starting price cannot be negative.")).toBeVisible();
      await price.fill("60000");
      await form.getByRole("button", { name: "Save draft" }).click();
      await expect(form.getByText("The starting price must be at most £50,000.")).toBeVisible();
      await expect(price).toHaveValue("60000");
      await price.fill("110");
      await form.getByRole("button", { name: "Save draft" }).click();
      await expect(row).toContainText("£110 fixed price");
      await expect(page.getByText(/change(s)? not yet on the website/)).toBeVisible();
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(page.getByTestId("publish-state")).toHaveText(/^Live since /);
      await expect(page.getByText("No unpublished changes.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Restore the previous version" })).toBeVisible();

      // A question added and hidden, in the FAQs tab.
      await page.getByRole("tab", { name: /^FAQs/ }).click();
      await page.getByRole("button", { name: "Add a question" }).click();
      const add = page.getByRole("region", { name: "Add a question" });
      await add.getByLabel("Question").fill(`Do you clear gutters in ${name}?`);
      await add.getByLabel("Answer").fill("Yes, **every autumn**.");
      await add.getByRole("button", { name: "Add question" }).click();
      const faq = page.getByRole("listitem").filter({ hasText: `Do you clear gutters in ${name}?` });
      await faq.getByRole("button", { name: /^Hide / }).click();
      await expect(faq.getByText("Hidden")).toBeVisible();
      await shot(page, "website-faqs");
      await axe(page, "website faqs");
    });
  });
}
