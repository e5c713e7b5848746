/**
 * The appointment e-mails name the trader in force (docs/decisions/055-identity-and-public-facts.md):
 * after the owner switches to a sole trader on the Business details screen, a visit's confirmation
 * sent through the real SMTP transport to a loopback server and read back with an independent MIME
 * parser (postal-mime) names "Jane Smith trading as …" in its legal text, with no company and no
 * company number.
 */
import { eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import adminBusiness from "../../netlify/functions/admin-business-settings.mts";
import bookings from "../../netlify/functions/bookings.mts";
import { site } from "../../src/config/site";
import { weekdayOf } from "../../src/features/appointments/contract";
import { actOnAppointment } from "../../src/features/appointments/service";
import { deliverDue } from "../../src/features/mail/service-delivery";
import { mailOutbox } from "../../src/features/tables";
import { serviceContext } from "../../src/platform/context";
import { createSmtpSender } from "../../src/platform/mail/transport";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { bookableToday, jsonRequest, validBooking } from "../helpers/http";
import { startSmtp } from "../helpers/smtp";

const t = useTestDatabase();
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

const weekday = () => bookableToday().find((d) => weekdayOf(d.date) >= 1 && weekdayOf(d.date) <= 5)!.date;

describe("the appointment e-mail's legal text", () => {
  it("names the sole trader the owner saved, with no company or company number", async () => {
    const owner = await adminClient();
    const saved = await owner.call(adminBusiness, "PATCH", "/api/admin/settings/business", {
      body: { tradingAs: "sole_trader", soleTraderName: "Jane Smith" },
    });
    expect(saved.status, saved.text).toBe(200);

    const email = `sole-trader-${Date.now()}@example.com`;
    const date = weekday();
    const response = await bookings(
      jsonRequest("/api/bookings", validBooking({ email, preferredOptions: [{ date, window: "morning" }] })),
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
    const result = await deliverDue(t.db, sender, { ids: [row!.id], now: new Date(Date.now() + 1000) });
    expect(result.sent).toBe(1);
    const raw = smtp.received.find((m) => m.envelopeTo.includes(email))!.raw;
    const parsed = await new PostalMime().parse(raw);

    const text = parsed.text ?? "";
    expect(text).toContain("FOR YOUR RECORDS: THE LEGAL INFORMATION ABOUT THIS VISIT");
    expect(text).toContain(`Jane Smith trading as ${site.name}, `);
    expect(text).toContain(`To Jane Smith trading as ${site.name}, `);
    expect(text).not.toContain(site.company.registeredName);
    expect(text).not.toContain("company number");
    expect(parsed.html ?? "").toContain(`Jane Smith trading as ${site.name}`);
  });
});
