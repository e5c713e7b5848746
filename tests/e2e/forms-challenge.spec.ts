/**
 * Near a client's daily limit of public posts the server asks for a proof-of-work challenge
 * (docs/decisions/027-security-review-fixes.md): the form's script solves it, says so on the button,
 * and sends the same post again, so a person on a busy connection is never refused.
 */
import { expect as baseExpect, test } from "@playwright/test";
import { challengeFromClientPosts } from "../../src/features/rate-limits/service";
import { checkingLabel } from "../../src/islands/forms/use-form-submit";
import {
  bookableDate,
  goToForm,
  notices,
  serverTimeout,
  requestsNamed,
  testClientIp,
  uniqueName,
} from "./forms-support";

const expect = baseExpect.configure({ timeout: serverTimeout });
test.describe.configure({ timeout: 180_000 });

test("a contact message sent near the client's daily limit is checked in the browser, then stored", async ({
  page,
  request,
  baseURL,
}) => {
  const client = { "X-Simulated-Client": testClientIp() };
  // This client's posts so far today, up to the point where the next one needs a challenge. One
  // mailbox for all of them, so at most three confirmations go out (its daily cap) and the site's
  // own daily confirmations are hardly touched. Mostly bookings: each form takes ten posts in ten
  // minutes from one client, and the message below is a contact one.
  const human = () => ({ website: "", formStartedAt: Date.now() - 60_000 });
  const date = bookableDate();
  for (let i = 0; i < challengeFromClientPosts; i++) {
    const name = uniqueName("Earlier");
    const common = { name, email: "pow.earlier@example.com", phone: "07700 900111", ...human() };
    const res =
      i < challengeFromClientPosts - 10
        ? await request.post("/api/contact", {
            data: { ...common, message: `An earlier message from this connection (${name}).` },
            headers: client,
          })
        : await request.post("/api/bookings", {
            data: {
              ...common,
              address: "2 High Street, Kirkcaldy KY1 1LX",
              service: "plumbing-heating",
              message: `An earlier booking from this connection (${name}).`,
              preferredOptions: [{ date, window: "any" }],
            },
            headers: client,
          });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.setViewportSize({ width: 375, height: 800 });
  await page.setExtraHTTPHeaders(client);
  await goToForm(page, "/contact-us", "/api/contact");
  // Every label the submit button shows, however briefly (solving takes well under a second here).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { buttonLabels: string[] }).buttonLabels = seen;
    const form = document.querySelector('form[action="/api/contact"]')!;
    new MutationObserver(() =>
      seen.push(form.querySelector('button[type="submit"]')?.textContent ?? ""),
    ).observe(form, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  const posts: { status: number; solved: boolean }[] = [];
  page.on("response", (response) => {
    if (response.request().method() === "POST" && new URL(response.url()).pathname === "/api/contact")
      posts.push({
        status: response.status(),
        solved: response.request().headers()["challenge-solution"] !== undefined,
      });
  });

  const name = uniqueName("Checked");
  const form = page.locator('form[action="/api/contact"]');
  await form.getByLabel("Full Name").fill(name);
  await form.getByLabel("Email").fill("pow.checked@example.com");
  await form.getByLabel("Phone").fill("07700 900222");
  await form.getByLabel("Message").fill("Could you fit a new letterbox to a composite front door?");
  await page.getByRole("button", { name: "Send Message" }).click();

  await expect(
    notices(page).getByText("Message sent successfully! We'll get back to you soon."),
  ).toBeVisible();
  expect(posts).toEqual([
    { status: 428, solved: false },
    { status: 201, solved: true },
  ]);
  const labels = await page.evaluate(() => (window as unknown as { buttonLabels: string[] }).buttonLabels);
  expect(
    labels.some((label) => label.includes(checkingLabel)),
    labels.join(" | "),
  ).toBe(true);
  const stored = await requestsNamed(request, baseURL!, name);
  expect(stored).toHaveLength(1);
  expect(stored[0]!.message).toBe("Could you fit a new letterbox to a composite front door?");
});
