/**
 * The published services drive what a booking may name (docs/decisions/056-services-from-published-content.md):
 * a service the owner adds and publishes can be booked at once; one he hides and publishes is
 * refused with a sentence, storing nothing, and its old requests still name it; the published price
 * is what the pages get.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import adminPriceList from "../../netlify/functions/admin-price-list.mts";
import adminSite from "../../netlify/functions/admin-site.mts";
import bookings from "../../netlify/functions/bookings.mts";
import { serviceNotOffered } from "../../src/features/appointments/service";
import { mailOutbox, requests, sitePublications, siteServices } from "../../src/features/tables";
import { bookableServices, publicSite, serviceNames } from "../../src/features/site-content/service-public";
import { serviceContext } from "../../src/platform/context";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { bookingFormFields, formRequest, jsonRequest, uniqueName, validBooking } from "../helpers/http";

const t = useTestDatabase();

beforeEach(async () => {
  for (const table of [sitePublications, siteServices]) await t.db.delete(table);
});

const gutters = {
  name: "Gutter Clearing & Repairs",
  summary: "Gutters and downpipes cleared, checked and resealed.",
  description:
    "We clear moss and leaves.\n\nThen we check every joint for leaks and reseal the ones that drip.",
  startingPricePence: 9_550,
  priceBasis: "fixed",
  icon: "wrench",
  process: [{ title: "Look from the ground", description: "We check the run before we climb." }],
  features: ["Moss and leaves cleared"],
};

async function addAndPublish() {
  const owner = await adminClient();
  const added = await owner.call(adminSite, "POST", "/api/admin/site/services", { body: gutters });
  expect(added.status, added.text).toBe(201);
  const published = await owner.call(adminSite, "POST", "/api/admin/site/publish");
  expect(published.status, published.text).toBe(202);
  return { owner, service: added.json.service as { id: number; slug: string } };
}

const stored = async (name: string) => t.db.select().from(requests).where(eq(requests.name, name));

describe("the services a booking may name", () => {
  it("a published new service shows on the pages with its price in words and can be booked", async () => {
    const { service } = await addAndPublish();
    expect(service.slug).toBe("gutter-clearing-repairs");
    const site = await publicSite(serviceContext());
    const shown = site.services.find((s) => s.slug === service.slug);
    expect(shown).toMatchObject({
      name: "Gutter Clearing & Repairs",
      priceText: "£95.50 fixed price",
      quoteBasis: "fixed-quote",
      description: [
        "We clear moss and leaves.",
        "Then we check every joint for leaks and reseal the ones that drip.",
      ],
    });
    const name = uniqueName("Isla");
    const res = await bookings(jsonRequest("/api/bookings", validBooking({ name, service: service.slug })));
    expect(res.status, await res.clone().text()).toBe(201);
    const [row] = await stored(name);
    expect(row?.service).toBe(service.slug);
    // The e-mails name the service as the site showed it.
    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, row!.id));
    expect(mail.map((m) => m.subject)).toContain(
      `New booking request: Gutter Clearing & Repairs from ${name}`,
    );
    expect(mail.map((m) => m.textBody).join("\n")).toContain(
      "Thank you for your booking request for Gutter Clearing & Repairs.",
    );
  });

  it("a draft not yet published cannot be booked; after hiding and publishing it is refused, storing nothing", async () => {
    const owner = await adminClient();
    const draft = await owner.call(adminSite, "POST", "/api/admin/site/services", { body: gutters });
    const early = uniqueName("Early");
    const refusedDraft = await bookings(
      jsonRequest("/api/bookings", validBooking({ name: early, service: draft.json.service.slug })),
    );
    expect(refusedDraft.status).toBe(422);
    expect((await refusedDraft.json()).error.fields.service).toBe(serviceNotOffered);
    expect(await stored(early)).toHaveLength(0);

    await owner.call(adminSite, "POST", "/api/admin/site/publish");
    const before = uniqueName("Before");
    expect(
      (
        await bookings(
          jsonRequest("/api/bookings", validBooking({ name: before, service: draft.json.service.slug })),
        )
      ).status,
    ).toBe(201);

    await owner.call(adminSite, "PATCH", `/api/admin/site/services/${draft.json.service.id}`, {
      body: { hidden: true },
    });
    await owner.call(adminSite, "POST", "/api/admin/site/publish");
    const after = uniqueName("After");
    const refused = await bookings(
      jsonRequest("/api/bookings", validBooking({ name: after, service: draft.json.service.slug })),
    );
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.fields.service).toBe(serviceNotOffered);
    expect(await stored(after)).toHaveLength(0);
    // Its address now answers 410 on the site; its old request still names it.
    const site = await publicSite(serviceContext());
    expect(site.services.map((s) => s.slug)).not.toContain("gutter-clearing-repairs");
    expect(site.goneServices).toContainEqual({ slug: "gutter-clearing-repairs", name: gutters.name });
    expect((await serviceNames(serviceContext())).get("gutter-clearing-repairs")).toBe(gutters.name);
  });

  it("refused without JavaScript, the form shown again lists the published services, a new one included", async () => {
    await addAndPublish();
    const res = await bookings(
      formRequest(
        "/api/bookings",
        bookingFormFields({ name: uniqueName("Form"), service: "window-cleaning" }),
      ),
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain(serviceNotOffered);
    const select = /<select id="field-service"[\s\S]*?<\/select>/.exec(html)?.[0] ?? "";
    const listed = [...select.matchAll(/<option value="([a-z-]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);
    expect(listed).toEqual([
      "",
      "paint-wallpaper",
      "plumbing-heating",
      "kitchen-bathroom",
      "floor-carpet",
      "gutter-clearing-repairs",
    ]);
    expect(select).toContain("Gutter Clearing &amp; Repairs");
  });

  it("the quotes' price list offers the published services' starting prices", async () => {
    const { owner } = await addAndPublish();
    const list = await owner.call(adminPriceList, "GET", "/api/admin/price-list");
    expect(list.status, list.text).toBe(200);
    expect(list.json.websitePrices).toContainEqual({
      slug: "gutter-clearing-repairs",
      name: "Gutter Clearing & Repairs",
      unitPence: 9_550,
      unit: null,
      priceText: "£95.50 fixed price",
    });
    expect(list.json.websitePrices).toContainEqual(
      expect.objectContaining({ slug: "paint-wallpaper", unitPence: 15_000, unit: "room" }),
    );
  });

  it("a changed price reaches the pages only when published", async () => {
    const owner = await adminClient();
    const site = await owner.call(adminSite, "GET", "/api/admin/site");
    const plumbing = site.json.services.find((s: { slug: string }) => s.slug === "plumbing-heating");
    await owner.call(adminSite, "PATCH", `/api/admin/site/services/${plumbing.id}`, {
      body: { startingPricePence: 8_750 },
    });
    const price = async () =>
      (await publicSite(serviceContext())).services.find((s) => s.slug === "plumbing-heating")?.priceText;
    expect(await price()).toBe("from £80 per hour");
    await owner.call(adminSite, "POST", "/api/admin/site/publish");
    expect(await price()).toBe("from £87.50 per hour");
  });
});

describe("the owner's service editor refuses bad input with a message and stores nothing", () => {
  it("a negative or absurd price, an empty name, a slug collision, tags and script addresses in every text field", async () => {
    const owner = await adminClient();
    await owner.call(adminSite, "GET", "/api/admin/site");
    const before = (await t.db.select().from(siteServices)).length;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ startingPricePence: -1 }, { startingPricePence: "The starting price cannot be negative." }],
      [
        { startingPricePence: 100_000_000 },
        { startingPricePence: "The starting price must be at most £50,000." },
      ],
      [{ name: "  " }, { name: "Please fill in the name." }],
      [{ name: "Paint & Wallpaper!" }, { name: expect.stringContaining("/services/paint-wallpaper") }],
      [
        { summary: "<script>alert(1)</script>" },
        { summary: "The summary must be plain text, without HTML tags." },
      ],
      [
        { description: "Nice <img src=x onerror=alert(1)>" },
        { description: expect.stringMatching(/without HTML tags/) },
      ],
      [{ name: "javascript:alert(1)" }, { name: 'The name must not contain a "javascript:" address.' }],
      [
        { summary: "Click JavaScript : alert(1)" },
        { summary: 'The summary must not contain a "javascript:" address.' },
      ],
      [{ features: ["ok", "<b>bold</b>"] }, { features: "A feature must be plain text, without HTML tags." }],
      [
        { process: [{ title: "Visit", description: "javascript:void(0)" }] },
        { process: `A step's description must not contain a "javascript:" address.` },
      ],
    ];
    for (const [change, fields] of cases) {
      const res = await owner.call(adminSite, "POST", "/api/admin/site/services", {
        body: { ...gutters, ...change },
      });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.json.error.fields, JSON.stringify(change)).toMatchObject(fields);
    }
    const paint = (await owner.call(adminSite, "GET", "/api/admin/site")).json.services[0];
    const patched = await owner.call(adminSite, "PATCH", `/api/admin/site/services/${paint.id}`, {
      body: { startingPricePence: 5_000_001 },
    });
    expect(patched.status).toBe(422);
    expect((await t.db.select().from(siteServices)).length).toBe(before);
    expect(
      (await t.db.select().from(siteServices).where(eq(siteServices.id, paint.id)))[0]?.startingPricePence,
    ).toBe(15_000);
  });
});

describe("bookable services", () => {
  it("are the live version's visible services, in the owner's order", async () => {
    await addAndPublish();
    expect((await bookableServices(serviceContext())).map((s) => s.slug)).toEqual([
      "paint-wallpaper",
      "plumbing-heating",
      "kitchen-bathroom",
      "floor-carpet",
      "gutter-clearing-repairs",
    ]);
  });
});
