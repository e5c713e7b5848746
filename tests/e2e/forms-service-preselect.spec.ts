/**
 * A service page's "Book Appointment" button opens the booking form with that service chosen
 * (`/book-appointment?service=<id>`, read by the form's island), on a phone.
 */
import { expect as baseExpect, test } from "@playwright/test";
import { serviceCatalog } from "../../src/lib/service-catalog";
import { serverTimeout, waitForHydration } from "./forms-support";

const expect = baseExpect.configure({ timeout: serverTimeout });
test.use({ viewport: { width: 375, height: 812 } });

test("each service page's Book button preselects its service on the booking form", async ({ page }) => {
  test.setTimeout(90_000);
  for (const service of serviceCatalog) {
    await page.goto(`/services/${service.id}`);
    await page.locator("main").getByRole("link", { name: "Book Appointment" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/book-appointment\\?service=${service.id}$`));
    await waitForHydration(page, "/api/bookings");
    await expect(page.getByLabel("Service Required")).toHaveValue(service.id);
  }
});

test("an unknown or missing service leaves the choice to the visitor", async ({ page }) => {
  for (const path of ["/book-appointment?service=roofing", "/book-appointment"]) {
    await page.goto(path);
    await waitForHydration(page, "/api/bookings");
    await expect(page.getByLabel("Service Required")).toHaveValue("");
  }
});
