/**
 * The owner edits the website: drafts of the services, FAQs, team and towns through the admin
 * endpoints, then publishing (a Netlify build hook on a loopback server) and restoring the previous
 * version (docs/decisions/050-site-content.md).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parseFragment } from "parse5";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import jwt from "jsonwebtoken";
import adminSite from "../../netlify/functions/admin-site.mts";
import deployNotification from "../../netlify/functions/site-deploy-notification.mts";
import { services as seededServices } from "../../src/data/services";
import { faqs as seededFaqs } from "../../src/data/faqs";
import { site } from "../../src/config/site";
import { siteFaqs, sitePublications, siteServices, siteTeam, siteTowns } from "../../src/features/tables";
import { publishedContent, deployFinished } from "../../src/features/site-content/service-publish";
import { publicSite } from "../../src/features/site-content/service-public";
import { serviceContext } from "../../src/platform/context";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();

beforeEach(async () => {
  for (const table of [sitePublications, siteServices, siteFaqs, siteTeam, siteTowns]) {
    await t.db.delete(table);
  }
});

/** A build hook on loopback that answers `status` and counts the calls it gets. */
async function buildHook(status: number) {
  const calls: string[] = [];
  const server: Server = createServer((req, res) => {
    calls.push(req.url ?? "");
    req.resume();
    req.on("end", () => res.writeHead(status).end(status === 200 ? "" : "Internal Server Error"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  process.env["NETLIFY_BUILD_HOOK_URL"] = `http://127.0.0.1:${port}/build_hooks/test-hook`;
  return { calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

afterEach(() => {
  delete process.env["NETLIFY_BUILD_HOOK_URL"];
});

interface HtmlNode {
  nodeName: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
}

/** Every element of an HTML fragment, read with parse5 (the WHATWG parsing algorithm). */
function elements(html: string): HtmlNode[] {
  const out: HtmlNode[] = [];
  const walk = (n: HtmlNode) => {
    if (!n.nodeName.startsWith("#")) out.push(n);
    n.childNodes?.forEach(walk);
  };
  walk(parseFragment(html) as unknown as HtmlNode);
  return out;
}
const textOf = (n: HtmlNode): string =>
  n.nodeName === "#text" ? (n.value ?? "") : (n.childNodes ?? []).map(textOf).join("");

const newService = {
  name: "Gutter Clearing",
  summary: "Gutters and downpipes cleared and checked.",
  description: "We clear moss and leaves from gutters and downpipes and check the joints for leaks.",
  startingPricePence: 9500,
  priceBasis: "fixed",
};

describe("the website's drafts", () => {
  it("starts from the site's own content, published once, with no changes", async () => {
    const owner = await adminClient();
    const res = await owner.call(adminSite, "GET", "/api/admin/site");
    expect(res.status, res.text).toBe(200);
    expect(res.json.services.map((s: { slug: string }) => s.slug)).toEqual(seededServices.map((s) => s.id));
    expect(res.json.services[0]).toMatchObject({
      name: "Paint & Wallpaper",
      startingPricePence: 15000,
      priceBasis: "per-room",
    });
    expect(res.json.services[1].priceBasis).toBe("per-hour");
    expect(res.json.faqs.map((f: { question: string }) => f.question)).toEqual(
      seededFaqs.map((f) => f.question),
    );
    expect(res.json.towns.map((x: { name: string }) => x.name)).toEqual(
      site.serviceArea.towns.map((x) => x.name),
    );
    expect(res.json.team).toHaveLength(4);
    expect(res.json.team.every((m: { sample: boolean }) => m.sample)).toBe(true);
    expect(res.json.draftChanges).toBe(0);
    expect(res.json.published.by).toBe("first install");
    expect(res.json.canRestore).toBe(false);
    expect(res.json.status.state).toBe("live");
    // A second read finds it set up and adds nothing.
    const again = await owner.call(adminSite, "GET", "/api/admin/site");
    expect(again.json.services).toHaveLength(seededServices.length);
    expect((await t.db.select().from(sitePublications)).length).toBe(1);
  });

  it("adds a service with a slug made from its name; a name that collides is refused", async () => {
    const owner = await adminClient();
    const added = await owner.call(adminSite, "POST", "/api/admin/site/services", { body: newService });
    expect(added.status, added.text).toBe(201);
    expect(added.json.service).toMatchObject({
      slug: "gutter-clearing",
      name: "Gutter Clearing",
      hidden: false,
      position: seededServices.length,
      icon: "wrench",
    });
    const renamed = await owner.call(
      adminSite,
      "PATCH",
      `/api/admin/site/services/${added.json.service.id}`,
      {
        body: { name: "Gutter Clearing and Repairs", startingPricePence: 11000 },
      },
    );
    expect(renamed.json.service).toMatchObject({ slug: "gutter-clearing", startingPricePence: 11000 });
    for (const name of ["Gutter clearing!", "Paint & Wallpaper", "paint wallpaper"]) {
      const clash = await owner.call(adminSite, "POST", "/api/admin/site/services", {
        body: { ...newService, name },
      });
      expect(clash.status, name).toBe(422);
      expect(clash.json.error.fields.name).toMatch(/^Another service already uses the address \/services\//);
    }
    const site = await owner.call(adminSite, "GET", "/api/admin/site");
    expect(site.json.draftChanges).toBe(1);
  });

  it("refuses bad input field by field and stores nothing", async () => {
    const owner = await adminClient();
    await owner.call(adminSite, "GET", "/api/admin/site");
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ startingPricePence: -100 }, { startingPricePence: "The starting price cannot be negative." }],
      [
        { startingPricePence: 5_000_001 },
        { startingPricePence: "The starting price must be at most £50,000." },
      ],
      [
        { startingPricePence: 12.5 },
        { startingPricePence: "The starting price must be a whole number of pence." },
      ],
      [{ name: "<script>alert(1)</script>" }, { name: "The name must be plain text, without HTML tags." }],
      [{ name: "!!!" }, { name: "The name needs some letters or numbers." }],
      [{ priceBasis: "per fortnight" }, { priceBasis: "Please choose what the price is per." }],
      [{ summary: "   " }, { summary: "Please fill in the summary." }],
    ];
    for (const [change, fields] of cases) {
      const res = await owner.call(adminSite, "POST", "/api/admin/site/services", {
        body: { ...newService, ...change },
      });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.json.error.fields).toMatchObject(fields);
    }
    expect((await t.db.select().from(siteServices)).length).toBe(seededServices.length);

    const emptyFaq = await owner.call(adminSite, "POST", "/api/admin/site/faqs", {
      body: { question: "", answer: "" },
    });
    expect(emptyFaq.status).toBe(422);
    expect(emptyFaq.json.error.fields).toMatchObject({
      question: "Please fill in the question.",
      answer: "Please fill in the answer.",
    });
    const far = await owner.call(adminSite, "POST", "/api/admin/site/towns", {
      body: { name: "Aberdeen", latitude: 57.1497, longitude: -2.0943 },
    });
    expect(far.status).toBe(422);
    expect(far.json.error.fields.latitude).toMatch(/miles from Kirkcaldy, outside the 30-mile area/);
    expect(
      (await owner.call(adminSite, "PATCH", "/api/admin/site/services/999999", { body: { hidden: true } }))
        .status,
    ).toBe(404);
    expect((await owner.call(adminSite, "PATCH", "/api/admin/site/faqs/1", { body: {} })).status).toBe(422);
    expect((await owner.call(adminSite, "GET", "/api/admin/site", { anonymous: true })).status).toBe(401);
  });

  it("renders a FAQ answer's Markdown to safe HTML: no script, no javascript: link", async () => {
    const owner = await adminClient();
    const res = await owner.call(adminSite, "POST", "/api/admin/site/faqs", {
      body: {
        question: "Do you clear gutters?",
        answer:
          "Yes, **every autumn**.\n\n- moss\n- leaves\n\n[Book](/book-appointment) or [click](javascript:alert(1)) <script>alert(1)</script> <img src=x onerror=alert(1)>",
      },
    });
    expect(res.status, res.text).toBe(201);
    const html: string = res.json.faq.answerHtml;
    // Read back with an HTML parser, not by pinning the string.
    const all = elements(html);
    expect(new Set(all.map((e) => e.nodeName))).toEqual(new Set(["p", "strong", "ul", "li", "a"]));
    expect(textOf(all.find((e) => e.nodeName === "strong")!)).toBe("every autumn");
    expect(all.filter((e) => e.nodeName === "li").map(textOf)).toEqual(["moss", "leaves"]);
    const links = all.filter((e) => e.nodeName === "a");
    expect(links.map((a) => a.attrs)).toEqual([[{ name: "href", value: "/book-appointment" }]]);
    expect(all.some((e) => e.attrs?.some((a) => a.name.startsWith("on")))).toBe(false);
    expect(all.map(textOf).join(" ")).toContain("<script>alert(1)</script>");
  });

  it("edits team and towns; a team member written by the owner is no longer a sample", async () => {
    const owner = await adminClient();
    const site = await owner.call(adminSite, "GET", "/api/admin/site");
    const first = site.json.team[0];
    const edited = await owner.call(adminSite, "PATCH", `/api/admin/site/team/${first.id}`, {
      body: { name: "Jamie Reid", role: "Owner" },
    });
    expect(edited.json.member).toMatchObject({ name: "Jamie Reid", role: "Owner", sample: false });
    const moved = await owner.call(adminSite, "PATCH", `/api/admin/site/team/${first.id}`, {
      body: { position: 9, hidden: true },
    });
    expect(moved.json.member).toMatchObject({ position: 9, hidden: true });
    const town = await owner.call(adminSite, "POST", "/api/admin/site/towns", {
      body: { name: "Leven", latitude: 56.195, longitude: -2.994 },
    });
    expect(town.status, town.text).toBe(201);
    expect(town.json.town.position).toBe(site.json.towns.length);
    const member = await owner.call(adminSite, "POST", "/api/admin/site/team", {
      body: { name: "Sam Doig", role: "Apprentice", bio: "Sam joined us from Fife College." },
    });
    expect(member.json.member).toMatchObject({ image: null, sample: false });
  });
});

describe("publishing", () => {
  it("without a build hook a publish is live at once and the build reads it", async () => {
    const owner = await adminClient();
    const site = await owner.call(adminSite, "GET", "/api/admin/site");
    const paint = site.json.services[0];
    await owner.call(adminSite, "PATCH", `/api/admin/site/services/${paint.id}`, {
      body: { startingPricePence: 17500 },
    });
    // The build still reads the published price until the owner publishes.
    expect((await publishedContent(serviceContext()))!.services[0]!.startingPricePence).toBe(15000);
    const published = await owner.call(adminSite, "POST", "/api/admin/site/publish");
    expect(published.status, published.text).toBe(202);
    expect(published.json.publish.state).toBe("live");
    expect((await publishedContent(serviceContext()))!.services[0]!.startingPricePence).toBe(17500);
    const after = await owner.call(adminSite, "GET", "/api/admin/site");
    expect(after.json).toMatchObject({ draftChanges: 0, canRestore: true, published: { by: "owner" } });

    const restored = await owner.call(adminSite, "POST", "/api/admin/site/restore");
    expect(restored.status, restored.text).toBe(202);
    expect((await publishedContent(serviceContext()))!.services[0]!.startingPricePence).toBe(15000);
    const back = await owner.call(adminSite, "GET", "/api/admin/site");
    expect(back.json.services[0].startingPricePence).toBe(15000);
    expect(back.json.draftChanges).toBe(0);
  });

  it("the pages get the published questions and towns in order, hidden ones left out, answers as safe HTML", async () => {
    const owner = await adminClient();
    const site = await owner.call(adminSite, "GET", "/api/admin/site");
    const added = await owner.call(adminSite, "POST", "/api/admin/site/faqs", {
      body: {
        question: "Do you clear gutters?",
        answer: "Yes, **every autumn**. [Book](/book-appointment)",
        position: 0,
      },
    });
    await owner.call(adminSite, "PATCH", `/api/admin/site/faqs/${site.json.faqs[0].id}`, {
      body: { hidden: true },
    });
    // Drafts only: the pages still show the published version.
    expect((await publicSite(serviceContext())).faqs[0]!.question).toBe(site.json.faqs[0].question);
    await owner.call(adminSite, "POST", "/api/admin/site/publish");
    const faqs = (await publicSite(serviceContext())).faqs;
    expect(faqs.map((f) => f.question)).toEqual([
      added.json.faq.question,
      ...site.json.faqs.slice(1).map((f: { question: string }) => f.question),
    ]);
    expect(faqs[0]!.answerText).toBe("Yes, every autumn. Book");
    expect(elements(faqs[0]!.answerHtml).map((e) => e.nodeName)).toEqual(["p", "strong", "a"]);
    // The towns follow the same way: a hidden one leaves the pages, a new one joins at the end.
    await owner.call(adminSite, "PATCH", `/api/admin/site/towns/${site.json.towns[1].id}`, {
      body: { hidden: true },
    });
    await owner.call(adminSite, "POST", "/api/admin/site/towns", {
      body: { name: "Leven", latitude: 56.195, longitude: -2.994 },
    });
    await owner.call(adminSite, "POST", "/api/admin/site/publish");
    const towns = site.json.towns.map((x: { name: string }) => x.name);
    expect((await publicSite(serviceContext())).towns).toEqual([towns[0], ...towns.slice(2), "Leven"]);
  });

  it("restoring hides a service added since (its address kept) and drops FAQs added since", async () => {
    const owner = await adminClient();
    await owner.call(adminSite, "GET", "/api/admin/site");
    const added = await owner.call(adminSite, "POST", "/api/admin/site/services", { body: newService });
    const faq = await owner.call(adminSite, "POST", "/api/admin/site/faqs", {
      body: { question: "Do you work weekends?", answer: "On Saturdays, yes." },
    });
    await owner.call(adminSite, "POST", "/api/admin/site/publish");
    await owner.call(adminSite, "POST", "/api/admin/site/restore");
    const back = await owner.call(adminSite, "GET", "/api/admin/site");
    const gutter = back.json.services.find((s: { id: number }) => s.id === added.json.service.id);
    expect(gutter).toMatchObject({ slug: "gutter-clearing", hidden: true });
    expect(back.json.faqs.map((f: { id: number }) => f.id)).not.toContain(faq.json.faq.id);
    // A new FAQ after the restore gets a fresh id.
    const next = await owner.call(adminSite, "POST", "/api/admin/site/faqs", {
      body: { question: "Do you work Sundays?", answer: "No." },
    });
    expect(next.status, next.text).toBe(201);
  });

  it("a build hook starts one deploy; a second tab is told; Netlify's report makes it live", async () => {
    const hook = await buildHook(200);
    try {
      const owner = await adminClient();
      const first = await owner.call(adminSite, "POST", "/api/admin/site/publish");
      expect(first.status, first.text).toBe(202);
      expect(first.json.publish.state).toBe("publishing");
      const second = await owner.call(adminSite, "POST", "/api/admin/site/publish");
      expect(second.status).toBe(409);
      expect(second.json.error.message).toMatch(/^The website is already being published \(started at /);
      expect(hook.calls).toHaveLength(1);
      expect(new URL(hook.calls[0]!, "http://x").searchParams.get("trigger_title")).toBe(
        `Website content, version ${first.json.publish.id}`,
      );
      const status = await owner.call(adminSite, "GET", "/api/admin/site/publish");
      expect(status.json.state).toBe("publishing");
      await deployFinished(
        { succeeded: true, title: `Website content, version ${first.json.publish.id}`, error: null },
        serviceContext(),
      );
      const live = await owner.call(adminSite, "GET", "/api/admin/site/publish");
      expect(live.json).toMatchObject({ state: "live", error: null });
      expect(Date.parse(live.json.liveAt)).toBeGreaterThan(Date.parse(status.json.startedAt) - 1000);
    } finally {
      await hook.close();
    }
  });

  it("two publishes at the same moment start one deploy", async () => {
    const hook = await buildHook(200);
    try {
      const owner = await adminClient();
      await owner.call(adminSite, "GET", "/api/admin/site");
      const answers = await Promise.all([
        owner.call(adminSite, "POST", "/api/admin/site/publish"),
        owner.call(adminSite, "POST", "/api/admin/site/publish"),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
      expect(hook.calls).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it("a build hook answering 500 leaves the live version and says so in plain words", async () => {
    const hook = await buildHook(500);
    try {
      const owner = await adminClient();
      const site = await owner.call(adminSite, "GET", "/api/admin/site");
      await owner.call(adminSite, "PATCH", `/api/admin/site/services/${site.json.services[0].id}`, {
        body: { startingPricePence: 20000 },
      });
      const res = await owner.call(adminSite, "POST", "/api/admin/site/publish");
      expect(res.status).toBe(202);
      expect(res.json.publish.state).toBe("failed");
      const status = await owner.call(adminSite, "GET", "/api/admin/site/publish");
      expect(status.json.state).toBe("failed");
      expect(status.json.error).toBe(
        "Netlify did not start the rebuild (it answered 500 Internal Server Error). Your live website has not changed; please try Publish again in a few minutes.",
      );
      expect(status.json.liveAt).not.toBeNull();
      expect((await publishedContent(serviceContext()))!.services[0]!.startingPricePence).toBe(15000);
      // The draft is kept for the next try.
      const after = await owner.call(adminSite, "GET", "/api/admin/site");
      expect(after.json.services[0].startingPricePence).toBe(20000);
      expect(after.json.draftChanges).toBe(1);
    } finally {
      await hook.close();
    }
  });

  it("a failed deploy report marks the version failed; nothing to restore says so", async () => {
    const hook = await buildHook(200);
    try {
      const owner = await adminClient();
      const nothing = await owner.call(adminSite, "POST", "/api/admin/site/restore");
      expect(nothing.status).toBe(409);
      expect(nothing.json.error.message).toBe("There is no earlier published version to go back to.");
      const res = await owner.call(adminSite, "POST", "/api/admin/site/publish");
      await deployFinished(
        {
          succeeded: false,
          title: `Website content, version ${res.json.publish.id}`,
          error: "Build script returned non-zero exit code: 2",
        },
        serviceContext(),
      );
      const status = await owner.call(adminSite, "GET", "/api/admin/site/publish");
      expect(status.json.state).toBe("failed");
      expect(status.json.error).toContain("Netlify said: Build script returned non-zero exit code: 2");
    } finally {
      await hook.close();
    }
  });
});

describe("Netlify's deploy notification", () => {
  const secret = "test-webhook-secret-0123456789";
  /** The notification as Netlify sends it: a JWS over the body's SHA-256, issuer "netlify". */
  const notify = (payload: unknown, sign: string | null = secret, tamper?: string) => {
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (sign) {
      headers["X-Webhook-Signature"] = jwt.sign(
        { iss: "netlify", sha256: createHash("sha256").update(body).digest("hex") },
        sign,
        { algorithm: "HS256" },
      );
    }
    return deployNotification(
      new Request("http://localhost:8888/api/site/deploy-notification", {
        method: "POST",
        headers,
        body: tamper ?? body,
      }),
    );
  };

  afterEach(() => {
    delete process.env["NETLIFY_DEPLOY_WEBHOOK_SECRET"];
  });

  it("a signed 'ready' marks the publish live; unsigned, wrongly signed or changed bodies are refused", async () => {
    const hook = await buildHook(200);
    try {
      const owner = await adminClient();
      const { json } = await owner.call(adminSite, "POST", "/api/admin/site/publish");
      const payload = { state: "ready", title: `Website content, version ${json.publish.id}`, id: "abc" };
      expect((await notify(payload)).status).toBe(503);
      process.env["NETLIFY_DEPLOY_WEBHOOK_SECRET"] = secret;
      expect((await notify(payload, null)).status).toBe(401);
      expect((await notify(payload, "another-secret-0123456789")).status).toBe(401);
      expect((await notify(payload, secret, JSON.stringify({ ...payload, state: "error" }))).status).toBe(
        401,
      );
      expect((await owner.call(adminSite, "GET", "/api/admin/site/publish")).json.state).toBe("publishing");
      expect((await notify(payload)).status).toBe(204);
      expect((await owner.call(adminSite, "GET", "/api/admin/site/publish")).json.state).toBe("live");
    } finally {
      await hook.close();
    }
  });

  it("a signed 'error' marks it failed with Netlify's reason", async () => {
    const hook = await buildHook(200);
    try {
      process.env["NETLIFY_DEPLOY_WEBHOOK_SECRET"] = secret;
      const owner = await adminClient();
      const { json } = await owner.call(adminSite, "POST", "/api/admin/site/publish");
      const res = await notify({
        state: "error",
        title: `Website content, version ${json.publish.id}`,
        error_message: "Build script returned non-zero exit code: 2",
      });
      expect(res.status).toBe(204);
      const status = await owner.call(adminSite, "GET", "/api/admin/site/publish");
      expect(status.json.state).toBe("failed");
      expect(status.json.error).toContain("Netlify said: Build script returned non-zero exit code: 2");
    } finally {
      await hook.close();
    }
  });
});
