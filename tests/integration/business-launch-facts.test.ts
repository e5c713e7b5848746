/**
 * The launch checklist's facts are the owner's settings, on a real database (PGlite, and PostgreSQL
 * under scripts/with-postgres.ts), through the functions: the figures and founding year, the
 * footer's description, the data processors and the bank account are saved and audited, refused
 * with clear messages and nothing stored when wrong, and confirmed (a change takes the confirmation
 * away). The e-mails state the phone, address and bank account in force and name a service by its
 * published name: sent through the real SMTP transport to a loopback server and read back with an
 * independent MIME parser (postal-mime). The invoice PDF (read with a PDF text extractor) and the
 * customer's page print the saved bank account. `npm run doctor`'s database facts read the published
 * team: a person the owner edited is no longer a sample.
 */
import { eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import adminBusiness from "../../netlify/functions/admin-business-settings.mts";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import adminSite from "../../netlify/functions/admin-site.mts";
import bookings from "../../netlify/functions/bookings.mts";
import { factsFromDb } from "../../scripts/lib/launch-facts-db";
import { facts as configFacts } from "../../scripts/lib/launch-facts";
import { placeholderFindings } from "../../scripts/lib/launch-check";
import { site } from "../../src/config/site";
import { weekdayOf } from "../../src/features/appointments/contract";
import { actOnAppointment } from "../../src/features/appointments/service";
import { deliverDue } from "../../src/features/mail/service-delivery";
import { invoicesForCustomerPage } from "../../src/features/invoices/service-customer";
import { mailOutbox } from "../../src/features/tables";
import { serviceContext } from "../../src/platform/context";
import { createSmtpSender } from "../../src/platform/mail/transport";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { bookableToday, jsonRequest, validBooking } from "../helpers/http";
import { pdfWords } from "../helpers/pdf";
import { startSmtp } from "../helpers/smtp";

const t = useTestDatabase();
const path = "/api/admin/settings/business";
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

async function patch(body: unknown) {
  const owner = await adminClient();
  return owner.call(adminBusiness, "PATCH", path, { body });
}
const itemOf = (
  json: { checklist: { id: string; detail: string; confirmedAt: string | null }[] },
  id: string,
) => json.checklist.find((i) => i.id === id)!;

const bank = {
  accountName: "Kingdom Handyman Services Ltd",
  sortCode: "80 22 60",
  accountNumber: "1234 5678",
};

describe("the figures, processors and bank account", () => {
  it("saves them whole, tidied, audited, and shown on the checklist", async () => {
    const res = await patch({
      stats: { founded: 2014, yearsExperience: "11", projectsCompleted: "400+", happyClients: "98%" },
      blurb: "A family firm from Kinghorn, looking after homes across Fife.",
      processors: [
        { name: "Netlify", role: "hosts this website and runs its forms" },
        { name: "Postmark", role: "sends the e-mails about your request" },
      ],
      bank,
    });
    expect(res.status, res.text).toBe(200);
    const b = res.json.business;
    expect(b.stats).toEqual({
      founded: 2014,
      yearsExperience: "11",
      projectsCompleted: "400+",
      happyClients: "98%",
    });
    expect(b.bank).toEqual({
      accountName: bank.accountName,
      sortCode: "80-22-60",
      accountNumber: "12345678",
    });
    expect(b.processors.map((p: { name: string }) => p.name)).toEqual(["Netlify", "Postmark"]);
    expect(res.json.audit[0].changes.map((c: { field: string }) => c.field).sort()).toEqual(
      ["bank", "blurb", "processors", "stats"].sort(),
    );
    // The public ones wait for a publish; the bank account is never on a page.
    expect(res.json.drafts).toEqual(expect.arrayContaining(["stats", "blurb", "processors"]));
    expect(res.json.drafts).not.toContain("bank");
    expect(itemOf(res.json, "stats").detail).toBe("11 years, 400+ projects, 98% happy clients, founded 2014");
    expect(itemOf(res.json, "processors").detail).toBe("Netlify, Postmark");
    expect(itemOf(res.json, "bank").detail).toBe(
      "Kingdom Handyman Services Ltd, sort code 80-22-60, account 12345678",
    );
  });

  it("refuses wrong values with clear messages and stores nothing", async () => {
    const owner = await adminClient();
    const before = (await owner.call(adminBusiness, "GET", path)).json;
    for (const [body, field, message] of [
      [
        { bank: { ...bank, sortCode: "12-34" } },
        "bank",
        "Please enter the sort code as six digits, for example 12-34-56.",
      ],
      [
        { bank: { ...bank, accountNumber: "1234567" } },
        "bank",
        "Please enter the account number: eight digits, for example 12345678.",
      ],
      [
        { stats: { ...before.business.stats, founded: 1700 } },
        "stats",
        "Please enter the year the business started, for example 2010.",
      ],
      [
        { stats: { ...before.business.stats, founded: new Date().getUTCFullYear() + 5 } },
        "stats",
        "The year the business started cannot be in the future.",
      ],
      [
        { processors: [] },
        "processors",
        "Please name at least one data processor (the host of this website).",
      ],
      [
        { blurb: "<b>Best</b> in Fife" },
        "blurb",
        "Please enter the footer's short description without < or > characters.",
      ],
    ] as const) {
      const res = await owner.call(adminBusiness, "PATCH", path, { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.error.fields[field]).toBe(message);
    }
    const after = (await owner.call(adminBusiness, "GET", path)).json;
    expect(after.audit).toHaveLength(before.audit.length);
    expect(after.business).toEqual(before.business);
  });

  it("confirms each item, and a change to its facts takes the confirmation away", async () => {
    for (const item of ["stats", "processors", "bank"]) {
      const confirmed = await patch({ confirm: item });
      expect(confirmed.status, confirmed.text).toBe(200);
      expect(itemOf(confirmed.json, item).confirmedAt).not.toBeNull();
    }
    const changed = await patch({ bank: { ...bank, accountNumber: "87654321" } });
    expect(itemOf(changed.json, "bank").confirmedAt).toBeNull();
    expect(itemOf(changed.json, "stats").confirmedAt).not.toBeNull();
    expect(changed.json.audit[0].changes.map((c: { field: string }) => c.field)).toEqual([
      "bank",
      "confirmed:bank",
    ]);
  });
});

describe("the e-mails and papers", () => {
  const weekday = () => bookableToday().find((d) => weekdayOf(d.date) >= 1 && weekdayOf(d.date) <= 5)!.date;

  it("a visit's confirmation gives the phone and address in force and the service's published name", async () => {
    const owner = await adminClient();
    expect(
      (
        await patch({
          phone: "01592 612 345",
          address: { lines: ["14 Harbour Road"], town: "Kinghorn", postcode: "KY3 9RX" },
        })
      ).status,
    ).toBe(200);
    const services = (await owner.call(adminSite, "GET", "/api/admin/site")).json.services as {
      id: number;
      slug: string;
    }[];
    const service = services.find((s) => s.slug === "plumbing-heating")!;
    const renamed = await owner.call(adminSite, "PATCH", `/api/admin/site/services/${service.id}`, {
      body: { name: "Plumbing, Heating & Radiators" },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await owner.call(adminSite, "POST", "/api/admin/site/publish")).status).toBe(202);

    const email = `facts-${Date.now()}@example.com`;
    const date = weekday();
    const response = await bookings(
      jsonRequest(
        "/api/bookings",
        validBooking({ email, service: "plumbing-heating", preferredOptions: [{ date, window: "morning" }] }),
      ),
    );
    expect(response.status, await response.clone().text()).toBe(201);
    const { id } = (await response.json()) as { id: number };
    await actOnAppointment(id, { action: "confirm", date, window: "morning" }, serviceContext());
    const [row] = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, id))).filter(
      (m) => m.kind === "appointment_confirmed",
    );
    const sender = createSmtpSender({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}?tls=off`,
      from: "Site <site@kingdomhandyman.example>",
    });
    expect((await deliverDue(t.db, sender, { ids: [row!.id], now: new Date(Date.now() + 1000) })).sent).toBe(
      1,
    );
    const parsed = await new PostalMime().parse(smtp.received.find((m) => m.envelopeTo.includes(email))!.raw);

    const text = parsed.text ?? "";
    expect(text).toContain("Your appointment for Plumbing, Heating & Radiators is confirmed");
    expect(text).toContain("01592 612 345");
    expect(text).toContain("14 Harbour Road, Kinghorn KY3 9RX");
    expect(text).not.toContain(site.phone.display);
    expect(text).not.toMatch(/__business_\w+__|Plumbing heating/);
    expect(parsed.html ?? "").toContain("Plumbing, Heating &amp; Radiators");
    expect(parsed.html ?? "").toContain("01592 612 345");
    // The calendar invitation gives the same phone.
    const ics = parsed.attachments.find((a) => a.mimeType.startsWith("text/calendar"));
    const icsText =
      typeof ics?.content === "string" ? ics.content : new TextDecoder().decode(ics!.content as ArrayBuffer);
    expect(icsText.replace(/\r\n[ \t]/g, "")).toContain("Questions or changes: 01592 612 345.");
  });

  it("the invoice PDF, its e-mail and the customer's page print the saved bank account", async () => {
    expect(
      (
        await patch({
          bank: { accountName: "K Handyman Ltd", sortCode: "40-11-62", accountNumber: "31926819" },
        })
      ).status,
    ).toBe(200);
    const owner = await adminClient();
    const request = await seedRequest({ address: "12 High Street, Kirkcaldy KY1 1AA" });
    const draft = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: {
        kind: "direct",
        submissionId: request.id,
        lines: [{ description: "Fix the gate", quantity: 1, unitPence: 4000 }],
      },
    });
    expect(draft.status, draft.text).toBe(201);
    const id = draft.json.invoice.id as number;
    expect((await owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/issue`)).status).toBe(200);
    expect((await owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/send`)).status).toBe(200);

    const [mail] = (
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, request.id))
    ).filter((m) => m.kind === "invoice_sent");
    expect(mail!.textBody).toContain(
      "Account name: K Handyman Ltd\nSort code: 40-11-62\nAccount number: 31926819",
    );
    const pdf = mail!.attachments!.find((a) => a.contentType === "application/pdf")!;
    const words = await pdfWords(new Uint8Array(Buffer.from(pdf.content as string, "base64")));
    expect(words).toContain("Bank transfer to K Handyman Ltd, sort code 40-11-62, account number 31926819.");
    expect(words).not.toContain(site.invoices.bank.sortCode);

    const onPage = await invoicesForCustomerPage(request.id, "token", serviceContext());
    expect(onPage!.bank).toEqual({
      accountName: "K Handyman Ltd",
      sortCode: "40-11-62",
      accountNumber: "31926819",
    });
  });
});

describe("npm run doctor's facts from the database", () => {
  it("lists the sample team until the owner edits and publishes each person, and reads the confirmations", async () => {
    const owner = await adminClient();
    const before = placeholderFindings(await factsFromDb(configFacts, t.db));
    const samples = before.filter((f) => f.file === "src/data/team.ts");
    expect(samples.length).toBeGreaterThan(0);

    const team = (await owner.call(adminSite, "GET", "/api/admin/site")).json.team as {
      id: number;
      sample: boolean;
    }[];
    for (const m of team.filter((p) => p.sample)) {
      const res = await owner.call(adminSite, "PATCH", `/api/admin/site/team/${m.id}`, {
        body: { bio: "Joined us from an apprenticeship in Kirkcaldy and has been with the firm since." },
      });
      expect(res.status, res.text).toBe(200);
    }
    // Saved but not yet on the website: still listed.
    expect(
      placeholderFindings(await factsFromDb(configFacts, t.db)).filter((f) => f.file === "src/data/team.ts"),
    ).toHaveLength(samples.length);
    expect((await owner.call(adminSite, "POST", "/api/admin/site/publish")).status).toBe(202);
    const after = placeholderFindings(await factsFromDb(configFacts, t.db));
    expect(after.filter((f) => f.file === "src/data/team.ts")).toEqual([]);

    await patch({ confirm: "stats" });
    expect(placeholderFindings(await factsFromDb(configFacts, t.db)).map((f) => f.key)).not.toContain(
      "site.stats",
    );
  });
});
