/**
 * Changing the admin password and logging out, end to end. A password change signs every
 * other admin session out, so this file runs in its own Playwright project after all the others
 * (playwright.config.ts), and it puts the dev password back when it is done.
 */
import { expect as baseExpect, test } from "@playwright/test";
import { adminPassword, apiSignIn, toasts } from "./admin-support";

/** Function calls take seconds on a busy machine (see admin-moderation.spec.ts). */
const expect = baseExpect.configure({ timeout: 30_000 });

const newPassword = "new forth bridge passphrase";

// One after the other (the second must not run while the first has changed the password), but a
// failure in one does not skip the other.
test.describe.configure({ mode: "default", timeout: 180_000 });

test("changing the password signs other sessions out; logging out and in again needs the new one", async ({
  page,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const other = await apiSignIn(request, baseURL!); // another device, signed in before the change
  try {
    await page.goto("/admin");
    await page.getByLabel(/^Password/).fill(adminPassword());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

    await page.getByRole("button", { name: "Change Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    await expect(dialog).toBeVisible();

    // Wrong current password: the server says so, and nothing changes.
    await dialog.getByLabel(/^Current Password/).fill("not the current one");
    await dialog.getByLabel(/^New Password/).fill(newPassword);
    await dialog.getByLabel(/^Confirm New Password/).fill(newPassword);
    await dialog.getByRole("button", { name: "Update Password" }).click();
    await expect(dialog.getByText("Current password is incorrect")).toBeVisible();

    // Confirmation that differs.
    await dialog.getByLabel(/^Current Password/).fill(adminPassword());
    await dialog.getByLabel(/^Confirm New Password/).fill(`${newPassword}!`);
    await dialog.getByRole("button", { name: "Update Password" }).click();
    await expect(dialog.getByText("Passwords do not match")).toBeVisible();

    // Escape closes the dialog and resets it.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(dialog.getByLabel(/^Current Password/)).toHaveValue("");

    await dialog.getByLabel(/^Current Password/).fill(adminPassword());
    await dialog.getByLabel(/^New Password/).fill(newPassword);
    await dialog.getByLabel(/^Confirm New Password/).fill(newPassword);
    await dialog.getByRole("button", { name: "Update Password" }).click();
    await expect(toasts(page).getByText("Password updated")).toBeVisible();
    await expect(toasts(page).getByText("Your password has been changed successfully.")).toBeVisible();
    await expect(dialog).toBeHidden();

    // The other device was signed out; this one was not.
    const otherNow = await request.get("/api/admin/summary", { headers: { Cookie: other.header } });
    expect(otherNow.status()).toBe(401);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

    // Log out.
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(toasts(page).getByText("Logged out", { exact: true })).toBeVisible();
    await expect(toasts(page).getByText("You have been successfully logged out.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await page.goto("/admin/submissions");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();

    // The old password no longer works; the new one does.
    await page.getByLabel(/^Password/).fill(adminPassword());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Invalid password", { exact: true })).toBeVisible();
    await page.getByLabel(/^Password/).fill(newPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Form Submissions" })).toBeVisible();
  } finally {
    // Put the dev password back for anyone reusing this stack (E2E_BASE_URL).
    const me = await request.post("/api/admin/session", {
      data: { password: newPassword },
      headers: { Origin: origin },
    });
    if (me.status() === 200) {
      const cookie = (me.headers()["set-cookie"] ?? "").split(";")[0] ?? "";
      const back = await request.put("/api/admin/password", {
        data: {
          currentPassword: newPassword,
          newPassword: adminPassword(),
          confirmPassword: adminPassword(),
        },
        headers: { Cookie: cookie, Origin: origin },
      });
      expect(back.status()).toBe(200);
    }
  }
});

test("logging out revokes the session on the server, not just in the page", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const session = await apiSignIn(request, baseURL!);
  await context.addCookies([
    { name: session.name, value: session.value, url: baseURL!, httpOnly: true, sameSite: "Strict" },
  ]);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  const after = await request.get("/api/admin/session", { headers: { Cookie: session.header } });
  expect(after.status()).toBe(401);
  expect((await context.cookies()).find((c) => c.name === session.name)).toBeUndefined();
});
