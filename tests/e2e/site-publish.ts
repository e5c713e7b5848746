/**
 * Publishing the website from the admin's Website screen in a browser test, and waiting until the
 * host serves the rebuilt site (scripts/lib/site-host.ts runs a real `astro build` per publish,
 * docs/decisions/057-draft-preview-and-local-rebuilds.md; the costs: docs/decisions/069-ci-speed.md).
 *
 * One publish runs at a time on the whole stack: a second one is refused with 409 while another
 * test's rebuild runs. `publishOnScreen` then waits for that rebuild to end and taps Publish again,
 * so the test's own drafts are in the version it waits for (instead of passing on another test's
 * version, or failing and being retried, which costs another rebuild).
 */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { clientIp } from "./admin-support";

/** How long one rebuild may take to go live: a real `astro build`, a minute or more on a busy machine. */
export const rebuildTimeoutMs = 300_000;

interface PublishStatus {
  state: string;
  liveAt: string | null;
  error: string | null;
}

async function publishStatus(request: APIRequestContext, cookie: string): Promise<PublishStatus> {
  const res = await request.get("/api/admin/site/publish", {
    headers: { Cookie: cookie, "X-Simulated-Client": clientIp() },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as PublishStatus;
}

/**
 * Waits until a publish started at `since` is live: the state says "live" with a later `liveAt`
 * (the screen's "Live since" alone could still be the version before). A failed build fails.
 */
export async function liveAfter(
  request: APIRequestContext,
  cookie: string,
  since: number,
  timeout = rebuildTimeoutMs,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const status = await publishStatus(request, cookie);
        if (status.state === "failed") return `failed: ${status.error}`;
        return status.state === "live" && Date.parse(status.liveAt ?? "") >= since - 1000
          ? "live"
          : status.state;
      },
      { timeout, intervals: [1000, 2000, 3000] },
    )
    .toBe("live");
}

/**
 * Taps Publish on the Website screen (already open) and waits until this publish is live on the
 * host. If another publish is rebuilding (409, or the screen still showing it), waits for it to end
 * and taps again; if another publish took these drafts live first, that version is the one.
 */
export async function publishOnScreen(page: Page, request: APIRequestContext, cookie: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    // While another test's rebuild runs the screen shows it and offers no Publish: wait it out first.
    await expect
      .poll(async () => (await publishStatus(request, cookie)).state, { timeout: rebuildTimeoutMs })
      .not.toBe("publishing");
    const publish = page.getByRole("button", { name: "Publish", exact: true });
    const nothingLeft = page.getByText("No unpublished changes.");
    // The screen asks for the state every few seconds before it offers Publish again; or another
    // test's publish, made after this test saved its drafts, took them live already.
    const offered = publish.and(page.locator(":enabled")).or(nothingLeft);
    const ready = await offered.waitFor({ timeout: 60_000 }).then(
      () => true,
      () => false,
    );
    if (!ready) {
      // Another test's publish began after the wait above and holds the screen (its rebuild can
      // take minutes on a busy machine): wait that one out and look again.
      expect(
        (await publishStatus(request, cookie)).state,
        "Publish offered, or another publish running",
      ).toBe("publishing");
      if (attempt < 3) continue;
      await expect(offered).toBeVisible();
    }
    if (await nothingLeft.isVisible()) {
      expect((await publishStatus(request, cookie)).state, "the version with these drafts").toBe("live");
      return;
    }
    const since = Date.now();
    const answer = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/admin/site/publish" && r.request().method() === "POST",
      { timeout: 60_000 },
    );
    // Another test's publish can take these drafts live between the look above and the tap: the
    // screen then disables Publish and says nothing is left, and a tap would wait for a button that
    // never comes back. So the tap gets a few seconds, and the screen is read again if it found
    // no button to tap.
    const tapped = await publish.click({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (!tapped) {
      void answer.catch(() => undefined);
      if (attempt < 5) continue;
      await publish.click();
    }
    const status = (await answer).status();
    if (status !== 409 || attempt >= 3) {
      expect(status, "the publish is accepted").toBe(202);
      await liveAfter(request, cookie, since);
      return;
    }
    // Another test's publish holds the one rebuild: ours follows once it has ended.
    await expect
      .poll(async () => (await publishStatus(request, cookie)).state, { timeout: rebuildTimeoutMs })
      .not.toBe("publishing");
  }
}
