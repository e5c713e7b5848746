/**
 * The admin area end to end on the real stack: the login gate, testimonial moderation
 * seen on the public page, and the submissions inbox. Each test seeds its own rows through the
 * public API and signs in with a session of its own. The password change and logout live in
 * admin-password.spec.ts, which runs after every other suite (see playwright.config.ts).
 */
import { expect as baseExpect, test } from "@playwright/test";
import { axeScanner } from "./page-checks";
import {
  adminPassword,
  ownClient,
  seedBooking,
  seedContact,
  seedReview,
  signedIn,
  toasts,
  uniqueName,
} from "./admin-support";

/** Every admin screen and action waits on function calls: seconds on a busy 2-core machine. */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

test.describe("sign-in", () => {
  test("the login gate refuses a wrong password and opens the dashboard with the right one", async ({
    page,
    context,
    request,
  }) => {
    await seedContact(request, uniqueName("Badge")); // at least one unread message
    await ownClient(page);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");

    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Please enter the admin password.")).toBeVisible();

    await page.getByLabel(/^Password/).fill("definitely not it");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Invalid password", { exact: true })).toBeVisible();
    await expect(page.getByLabel(/^Password/)).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel(/^Password/).fill(adminPassword());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Testimonials/ })).toHaveAttribute(
      "href",
      "/admin/testimonials",
    );
    await expect(page.getByRole("link", { name: /Form Submissions/ })).toHaveAttribute(
      "href",
      "/admin/submissions",
    );
    await expect(page.getByRole("link", { name: "View Website" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("button", { name: "Change Password" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

    // The red badge shows the unread count the API reports.
    const summary = await page.request.get("/api/admin/summary");
    const unread = ((await summary.json()) as { submissions: { unread: number } }).submissions.unread;
    expect(unread).toBeGreaterThan(0);
    await expect(page.getByTestId("unread-badge")).toHaveText(`${unread} unread`);

    // The session is an HttpOnly, SameSite=Strict cookie; nothing in browser storage grants access.
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === "kh_admin" || c.name === "__Host-kh_admin");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Strict");
    const storage = await page.evaluate(() => ({
      local: localStorage.length,
      session: sessionStorage.length,
    }));
    expect(storage).toEqual({ local: 0, session: 0 });
    expect(await page.evaluate(() => document.cookie)).not.toContain("kh_admin");

    // A reload stays signed in: the server knows the session.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  });
});

test.describe("testimonials", () => {
  test("approving a pending review shows it on /testimonials", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const name = uniqueName("Approve");
    await seedReview(request, name);
    await signedIn(context, request, baseURL!);
    await page.goto("/admin/testimonials");
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.getByText("Pending")).toBeVisible();
    await expect(row).toHaveClass(/bg-accent-50/); // pending rows are highlighted
    await expect(row.getByText("Kinghorn")).toBeVisible();
    await expect(row.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();

    await row.getByRole("button", { name: `Approve review by ${name}` }).click();
    await expect(toasts(page).getByText("Testimonial approved")).toBeVisible();
    await expect(row.getByText("Approved", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: /Remove approval/ })).toBeVisible();

    const publicList = await request.get("/api/testimonials");
    const names = ((await publicList.json()) as { testimonials: { name: string }[] }).testimonials.map(
      (t) => t.name,
    );
    expect(names).toContain(name);
    await page.goto("/testimonials");
    // The public list is an island that starts when scrolled into view (client:visible).
    const reviews = page.getByRole("region", { name: "Customer reviews" });
    await reviews.scrollIntoViewIfNeeded();
    // The list island gives up on a slow answer and offers "Try again"; on a busy machine, use it.
    const shown = reviews.getByText(name).first();
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(shown.or(reviews.getByRole("button", { name: "Try again" }))).toBeVisible();
      if (await shown.isVisible()) break;
      await reviews.getByRole("button", { name: "Try again" }).click();
    }
    await expect(shown).toBeVisible();
  });

  test("'Remove approval' takes a review off the public list", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const name = uniqueName("Unapprove");
    const id = await seedReview(request, name);
    const cookie = await signedIn(context, request, baseURL!);
    const approve = await request.patch(`/api/admin/testimonials/${id}`, {
      data: { approved: true },
      headers: { Cookie: cookie.header, Origin: new URL(baseURL!).origin },
    });
    expect(approve.status()).toBe(200);

    await page.goto("/admin/testimonials");
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByRole("button", { name: `Remove approval for ${name}` }).click();
    await expect(toasts(page).getByText("Testimonial unapproved")).toBeVisible();
    await expect(row.getByText("Pending")).toBeVisible();

    const publicList = await request.get("/api/testimonials");
    const names = ((await publicList.json()) as { testimonials: { name: string }[] }).testimonials.map(
      (t) => t.name,
    );
    expect(names).not.toContain(name);
    await page.goto("/testimonials");
    await page.getByRole("region", { name: "Customer reviews" }).scrollIntoViewIfNeeded();
    await expect(page.getByRole("region", { name: "Customer reviews" }).getByRole("status")).toBeHidden();
    await expect(page.getByText(name)).toHaveCount(0);
  });

  test("deleting asks for confirmation first, then removes the review", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const name = uniqueName("Delete");
    await seedReview(request, name);
    await signedIn(context, request, baseURL!);
    await page.goto("/admin/testimonials");
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByRole("button", { name: `Delete review by ${name}` }).click();

    const dialog = page.getByRole("alertdialog", { name: "Delete testimonial" });
    await expect(dialog).toContainText("Are you sure you want to delete this testimonial?");
    await page.keyboard.press("Escape"); // cancelling keeps it
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole("button", { name: `Delete review by ${name}` }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toasts(page).getByText("Testimonial deleted")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
    // Focus went back to the page, not lost in a removed dialog.
    await expect(dialog).toBeHidden();
  });

  test("refresh shows its progress, and a failed load offers Try Again", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await signedIn(context, request, baseURL!);
    await page.route("**/api/admin/testimonials", (route) => route.abort("failed"));
    await page.goto("/admin/testimonials");
    await expect(page.getByText("Failed to load testimonials. Please try again.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Admin Dashboard" })).toHaveAttribute(
      "href",
      "/admin",
    );

    await page.unroute("**/api/admin/testimonials");
    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByRole("table")).toBeVisible();

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/admin/testimonials", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Refresh Testimonials" }).click();
    await expect(page.getByRole("button", { name: "Refreshing testimonials..." })).toBeDisabled();
    release();
    await expect(page.getByRole("button", { name: "Refresh Testimonials" })).toBeEnabled();
  });
});

test.describe("submissions", () => {
  test("opening a booking marks it read; it can be toggled, filtered and deleted", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const booking = uniqueName("Booker");
    const contact = uniqueName("Writer");
    await seedBooking(request, booking);
    await seedContact(request, contact);
    await signedIn(context, request, baseURL!);
    await page.goto("/admin/submissions");
    await expect(page.getByRole("heading", { name: "Form Submissions" })).toBeVisible();
    await expect(
      page.getByText("Manage and respond to customer inquiries and appointment requests"),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Admin" })).toHaveAttribute("href", "/admin");

    // A CSS locator, not a role: while a modal dialog is open the page behind it is aria-hidden.
    const row = page.locator("tr").filter({ hasText: booking });
    await expect(row).toHaveAttribute("data-read", "false");
    await expect(row.getByRole("img", { name: "Unread" })).toBeVisible();
    await expect(row.getByText("Booking", { exact: true }).filter({ visible: true })).toBeVisible();

    // View: the detail dialog, and the row becomes read.
    await row.getByRole("link", { name: `View details for ${booking}` }).click();
    const dialog = page.getByRole("dialog", { name: "Appointment Request" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      /Submitted on [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4} at \d{1,2}(:\d{2})?(am|pm)/,
    );
    await expect(dialog).toContainText("3 Harbour Road, Kinghorn KY3 9XX");
    await expect(dialog).toContainText("Plumbing & Heating");
    await expect(dialog).toContainText("Job and photos");
    await expect(dialog).toContainText(`The boiler pressure keeps dropping (${booking}).`);
    await expect(dialog.getByRole("link", { name: "E-mail" })).toHaveAttribute(
      "href",
      "mailto:booking.test@example.com",
    );
    await expect(dialog.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:07700900321");
    await expect(dialog.getByRole("button", { name: "Mark as Unread" })).toBeVisible();
    await expect(row).toHaveAttribute("data-read", "true");

    // Toggle from the dialog, then from the row.
    await dialog.getByRole("button", { name: "Mark as Unread" }).click();
    await expect(toasts(page).getByText("Marked as unread", { exact: true })).toBeVisible();
    await expect(toasts(page).getByText("The submission has been marked as unread")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Mark as Read" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(row).toHaveAttribute("data-read", "false");
    await row.getByRole("button", { name: `Mark as read: ${booking}` }).click();
    await expect(toasts(page).getByText("Marked as read", { exact: true })).toBeVisible();
    await expect(row).toHaveAttribute("data-read", "true");

    // Filters.
    await page.getByRole("button", { name: "Contact Messages" }).click();
    await expect(page.getByRole("button", { name: "Contact Messages" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByRole("row").filter({ hasText: contact })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: booking })).toHaveCount(0);
    await page.getByRole("button", { name: "Booking Requests" }).click();
    await expect(page.getByRole("row").filter({ hasText: booking })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: contact })).toHaveCount(0);
    await page.getByRole("button", { name: "All" }).click();
    await expect(page.getByRole("row").filter({ hasText: contact })).toBeVisible();

    // A contact message's dialog has the other title and a Message section.
    await page
      .getByRole("row")
      .filter({ hasText: contact })
      .getByRole("link", { name: `View details for ${contact}` })
      .click();
    const contactDialog = page.getByRole("dialog", { name: "Contact Message" });
    await expect(contactDialog).toContainText("Message");
    await expect(contactDialog).not.toContainText("Service Required");
    await page.keyboard.press("Escape");

    // Delete from the row, after the spec's confirmation.
    await row.getByRole("button", { name: `Delete submission from ${booking}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete submission" });
    await expect(confirm).toContainText(
      "Are you sure you want to delete this submission? This action cannot be undone.",
    );
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toasts(page).getByText("Submission deleted")).toBeVisible();
    await expect(toasts(page).getByText("The submission has been successfully deleted.")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: booking })).toHaveCount(0);
  });

  test("deleting from the open detail dialog closes it", async ({ page, context, request, baseURL }) => {
    const name = uniqueName("Dialog");
    await seedContact(request, name);
    await signedIn(context, request, baseURL!);
    await page.goto("/admin/submissions");
    await page.getByRole("link", { name: `View details for ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Contact Message" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete submission" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(toasts(page).getByText("Submission deleted")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  });

  test("a failed load is shown, not an empty inbox", async ({ page, context, request, baseURL }) => {
    await signedIn(context, request, baseURL!);
    await page.route("**/api/admin/submissions?*", (route) => route.abort("failed"));
    await page.goto("/admin/submissions");
    // Shown where the list would be, with a way to try again (not a passing toast).
    const failed = page
      .getByRole("alert")
      .filter({ hasText: "Failed to load submissions. Please try again." });
    await expect(failed).toBeVisible();
    await expect(failed.getByRole("button", { name: "Try Again" })).toBeVisible();
    await expect(page.getByText("No form submissions found")).toHaveCount(0);
  });
});

test.describe("access and accessibility", () => {
  test("the admin API refuses the browser without a session and from another origin", async ({
    context,
    request,
    baseURL,
  }) => {
    expect((await request.get("/api/admin/submissions?type=all")).status()).toBe(401);
    const cookie = await signedIn(context, request, baseURL!);
    const forged = await request.delete("/api/admin/submissions/1", {
      headers: { Cookie: cookie.header, Origin: "https://evil.example" },
    });
    expect(forged.status()).toBe(403);
    const page = await request.get("/admin");
    expect(page.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    // The admin shell is never cached: a signed-out browser must not show an old copy.
    expect(page.headers()["cache-control"]).toBe("no-store");
  });

  for (const width of [375, 1280]) {
    test(`the login, the password dialog and a request's dialog pass axe and fit ${width} px`, async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      await seedBooking(request, uniqueName("Axe"));
      await page.setViewportSize({ width, height: 900 });
      const check = async (label: string) => {
        const results = await axeScanner(page)
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
          .analyze();
        expect(
          results.violations.map(
            (v) =>
              `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} (${n.failureSummary ?? ""})`).join(", ")}`,
          ),
          label,
        ).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${label} scrolls sideways`).toBeLessThanOrEqual(0);
      };

      await ownClient(page);
      await page.goto("/admin");
      await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
      await check("login");

      await signedIn(context, request, baseURL!);
      await page.goto("/admin");
      await expect(page.getByText(/^\d+ in total, \d+ unread$/)).toBeVisible();
      // The dashboard and the reviews screen themselves: admin-phone.spec.ts, with target sizes too.
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(page.getByRole("dialog", { name: "Change Password" })).toBeVisible();
      await expect(page.getByLabel(/^Current Password/)).toBeFocused(); // focus moves into the dialog
      await check("change password dialog");
      await page.keyboard.press("Escape");

      await page.goto("/admin/submissions");
      await page
        .getByRole("link", { name: /View details for/ })
        .first()
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await check("submission dialog");
    });
  }
});
