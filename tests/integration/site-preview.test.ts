/**
 * The draft preview's gate and the local host's rebuild on publish
 * (docs/decisions/057-draft-preview-and-local-rebuilds.md): only a signed-in admin gets the drafts
 * (anyone else is sent to sign in, and no draft text is in the answer); a publish on the local
 * production host starts a real `astro build` into a new folder, and a build that fails (here: its
 * database cannot be reached) serves nothing new and marks the version failed with the reason.
 */
import { createServer } from "node:net";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import adminSite from "../../netlify/functions/admin-site.mts";
import { siteFaqs, sitePublications, siteServices, siteTeam, siteTowns } from "../../src/features/tables";
import { previewAccess, previewSignIn } from "../../src/features/site-content/http-preview";
import { publicSite } from "../../src/features/site-content/service-public";
import { setLocalRebuilder } from "../../src/platform/local-rebuild";
import { serviceContext } from "../../src/platform/context";
import { createLocalRebuilder, type LocalBuild } from "../../scripts/lib/local-rebuild";
import { adminClient, adminOrigin } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();

beforeEach(async () => {
  for (const table of [sitePublications, siteServices, siteFaqs, siteTeam, siteTowns])
    await t.db.delete(table);
});
afterEach(() => setLocalRebuilder(undefined));

const draftQuestion = "Do you hang doors in Burntisland on Sundays?";

async function withDraftFaq() {
  const owner = await adminClient();
  const added = await owner.call(adminSite, "POST", "/api/admin/site/faqs", {
    body: { question: draftQuestion, answer: "Yes, **by arrangement**." },
  });
  expect(added.status, added.text).toBe(201);
  return owner;
}

const page = (cookie?: string, accept = "text/html,application/xhtml+xml") =>
  new Request(`${adminOrigin}/preview/faqs`, {
    headers: { Accept: accept, ...(cookie ? { Cookie: cookie } : {}) },
  });

describe("the draft preview's gate", () => {
  it("sends a browser without a session to sign in, answers 401 to anything else, and shows no draft", async () => {
    await withDraftFaq();
    for (const cookie of [undefined, "kh_admin=not-a-session", `kh_admin=${"a".repeat(43)}`]) {
      const browser = await previewAccess(page(cookie));
      expect(browser.allowed).toBe(false);
      if (browser.allowed) continue;
      expect(browser.refusal.status).toBe(303);
      expect(browser.refusal.headers.get("location")).toBe(previewSignIn);
      expect(browser.refusal.headers.get("cache-control")).toBe("no-store");
      expect(await browser.refusal.text()).not.toContain(draftQuestion);

      const api = await previewAccess(page(cookie, "application/json"));
      expect(api.allowed).toBe(false);
      if (api.allowed) continue;
      expect(api.refusal.status).toBe(401);
      const body = await api.refusal.text();
      expect(JSON.parse(body)).toEqual({
        error: { code: "unauthorized", message: "Please sign in to the admin area." },
      });
      expect(body).not.toContain(draftQuestion);
    }
  });

  it("gives a signed-in admin the drafts as the pages would show them; the published site is unchanged", async () => {
    const owner = await withDraftFaq();
    const access = await previewAccess(page(owner.cookie));
    expect(access.allowed).toBe(true);
    if (!access.allowed) return;
    const faq = access.drafts.site.faqs.find((f) => f.question === draftQuestion);
    expect(faq).toEqual({
      question: draftQuestion,
      answerHtml: "<p>Yes, <strong>by arrangement</strong>.</p>",
      answerText: "Yes, by arrangement.",
    });
    const live = await publicSite(serviceContext());
    expect(live.faqs.map((f) => f.question)).not.toContain(draftQuestion);
    expect(access.drafts.site.towns).toEqual(live.towns);
  });
});

/** A loopback port nothing listens on: a database that cannot be reached. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("the local host's rebuild on publish", () => {
  // A real `astro build` (about 20 s on an idle machine, far more when it is shared).
  it(
    "a build that fails leaves the served folder as it was and says why in plain words",
    { timeout: 300_000 },
    async () => {
      mkdirSync(".data", { recursive: true });
      const buildsDir = mkdtempSync(path.resolve(".data/test-site-builds-"));
      const served: LocalBuild[] = [];
      try {
        setLocalRebuilder(
          createLocalRebuilder({
            root: process.cwd(),
            buildsDir,
            onLive: (build) => served.push(build),
            env: {
              ...process.env,
              DATABASE_URL: `postgres://site:site@127.0.0.1:${await closedPort()}/site`,
            },
          }),
        );
        const owner = await withDraftFaq();
        const first = await owner.call(adminSite, "POST", "/api/admin/site/publish");
        expect(first.status, first.text).toBe(202);
        expect(first.json.publish.state).toBe("publishing");
        const second = await owner.call(adminSite, "POST", "/api/admin/site/publish");
        expect(second.status).toBe(409);
        expect(second.json.error.message).toMatch(/^The website is already being published \(started at /);

        let status = await owner.call(adminSite, "GET", "/api/admin/site/publish");
        while (status.json.state === "publishing") {
          await new Promise((r) => setTimeout(r, 1000));
          status = await owner.call(adminSite, "GET", "/api/admin/site/publish");
        }
        expect(status.json.state).toBe("failed");
        expect(status.json.error).toBe(
          "The new version of the website could not be built: the website's published content could not be read from the database; the build stops so the live site stays as it was. Your live website has not changed; please try Publish again in a few minutes.",
        );
        expect(status.json.liveAt).not.toBeNull();
        expect(served).toEqual([]);
        expect(readdirSync(buildsDir)).toEqual([]);
        // The draft is kept for the next try.
        const after = await owner.call(adminSite, "GET", "/api/admin/site");
        expect(after.json.draftChanges).toBe(1);
      } finally {
        rmSync(buildsDir, { recursive: true, force: true });
        expect(existsSync(buildsDir)).toBe(false);
      }
    },
  );
});
