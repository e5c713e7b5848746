/**
 * Every e-mail to a customer about a request, composed and read back: it promises only what the
 * request's page offers in that state (nothing to change or cancel once the request is closed or
 * the visit is inside the change cut-off), it greets and addresses the customer by the one clean
 * name the confirmation uses, and the appointment confirmation puts the visit first and the legal
 * information after everything else.
 */
import { describe, expect, it } from "vitest";
import { consumerRightsText, siteTrader } from "../../src/data/consumer-rights";
import { changeCutoff } from "../../src/features/appointments/window-instants";
import {
  appointmentCancelledMessage,
  appointmentConfirmedMessage,
  appointmentProposedMessage,
  appointmentReminderMessage,
  type AppointmentForMail,
} from "../../src/features/appointments/mail";
import { customerUpdateMessage, lostLinkMessage } from "../../src/features/customer-page/mail";
import {
  customerConfirmationMessage,
  pageOffer,
  type OutgoingMessage,
} from "../../src/features/mail/messages";
import type { CustomerRequest } from "../../src/features/requests/repository";
import type { MailableRequest } from "../../src/features/requests/mailable";
import { businessFact } from "../../src/features/mail/business-facts";

/** The trader a fresh install names (the e-mails take the one in force from the business details). */
const trader = siteTrader();
const ctx = { ownerEmail: "owner@kingdomhandyman.example", siteUrl: "https://www.kingdomhandyman.example" };

function requestNamed(
  name: string,
  formType: "booking" | "contact" = "booking",
): MailableRequest<CustomerRequest> {
  return {
    id: 42,
    source: "web",
    name,
    email: "morag@example.org",
    phone: "07700 900123",
    message: "The kitchen tap drips.",
    formType,
    address: formType === "booking" ? "3 Links Street, Kirkcaldy" : null,
    service: formType === "booking" ? "plumbing-heating" : null,
    submittedAt: new Date("2026-03-02T10:00:00Z"),
    isRead: true,
    state: "contacted",
    stateChangedAt: new Date("2026-03-02T10:00:00Z"),
    archivedAt: null,
  };
}

const visit: AppointmentForMail = {
  uid: "appointment-1@www.kingdomhandyman.example",
  sequence: 0,
  date: "2026-03-10",
  window: "morning",
  message: null,
};
/** Well ahead of the visit's cut-off, and past it (the evening before). */
const early = new Date("2026-03-03T12:00:00Z");
const eveningBefore = new Date("2026-03-09T18:00:00Z");

/** Every customer e-mail about a request, keyed by what it is. */
function everyCustomerMail(name: string): Record<string, OutgoingMessage> {
  const r = requestNamed(name);
  return {
    confirmation: customerConfirmationMessage(r, ctx),
    contactConfirmation: customerConfirmationMessage(requestNamed(name, "contact"), ctx),
    confirmed: appointmentConfirmedMessage(r, visit, ctx, { changed: false, now: early, trader }),
    confirmedLate: appointmentConfirmedMessage(r, visit, ctx, { changed: false, now: eveningBefore, trader }),
    changed: appointmentConfirmedMessage(r, { ...visit, sequence: 1 }, ctx, {
      changed: true,
      now: early,
      trader,
    }),
    proposed: appointmentProposedMessage(r, visit, ctx),
    cancelledByCustomer: appointmentCancelledMessage(r, visit, ctx, {
      declined: false,
      wasConfirmed: true,
      requestClosed: true,
      reason: null,
      now: early,
    }),
    cancelledByOwner: appointmentCancelledMessage(r, visit, ctx, {
      declined: false,
      wasConfirmed: true,
      requestClosed: false,
      reason: null,
      now: early,
    }),
    declined: appointmentCancelledMessage(r, null, ctx, {
      declined: true,
      wasConfirmed: false,
      requestClosed: true,
      reason: null,
      now: early,
    }),
    reminder: appointmentReminderMessage(r, visit, ctx, { now: eveningBefore }),
    updateCancel: customerUpdateMessage(r, { action: "cancel", reason: null }, ctx, "view"),
    updateMessage: customerUpdateMessage(r, { action: "message", text: "Gate code 1234" }, ctx, "change"),
    updateReschedule: customerUpdateMessage(r, { action: "reschedule", options: ["Monday"] }, ctx, "change"),
    lostLinkClosed: lostLinkMessage(r, ctx, "view"),
  };
}

/** The words right above the private link. */
const linkWords = (m: OutgoingMessage) => /\n([^\n]+)\nhttps:\/\/[^\n]+\/request\//.exec(m.text)?.[1];

describe("what a customer e-mail offers is what the page offers", () => {
  const mail = everyCustomerMail("Morag Dunbar");
  const offersChange = /change or cancel|cancel it online|change it online/i;

  it("a cancelled appointment or request, a declined booking, a closed request: the page to look at, no change", () => {
    for (const key of ["cancelledByCustomer", "declined", "updateCancel", "lostLinkClosed"]) {
      const m = mail[key]!;
      expect(linkWords(m), key).toBe("See your request and what has happened:");
      for (const part of [m.text, m.html]) expect(part, key).not.toMatch(offersChange);
    }
    expect(mail["cancelledByCustomer"]!.text).toContain("send us a new request or call us");
  });

  it("inside the change cut-off (the reminder, a visit confirmed late): a message online, changes by phone", () => {
    for (const key of ["reminder", "confirmedLate"]) {
      const m = mail[key]!;
      expect(linkWords(m), key).toBe("See your request or send us a message online:");
      for (const part of [m.text, m.html]) expect(part, key).not.toMatch(offersChange);
      expect(m.text, key).toContain(`call us on ${businessFact.phone}`);
    }
    expect(eveningBefore.getTime()).toBeGreaterThanOrEqual(changeCutoff(visit.date, visit.window).getTime());
  });

  it("an open booking may be changed or cancelled; a contact message only cancelled (it has no times)", () => {
    for (const key of [
      "confirmation",
      "confirmed",
      "changed",
      "proposed",
      "cancelledByOwner",
      "updateReschedule",
    ]) {
      expect(linkWords(mail[key]!), key).toBe(
        "See your request, send us a message, or change or cancel it online:",
      );
    }
    expect(linkWords(mail["contactConfirmation"]!)).toBe(
      "See your request, send us a message, or cancel it online:",
    );
    expect(mail["cancelledByOwner"]!.text).toContain("ask for one on your request's page");
  });

  it("pageOffer follows the page's rules", () => {
    expect(pageOffer({ closed: true, booking: true, late: true })).toBe("view");
    expect(pageOffer({ closed: false, booking: true, late: true })).toBe("message");
    expect(pageOffer({ closed: false, booking: true })).toBe("change");
    expect(pageOffer({ closed: false, booking: false })).toBe("cancel");
  });
});

describe("one clean name in every customer e-mail", () => {
  it("greets and addresses the customer exactly as the confirmation does", () => {
    for (const name of [
      "Mary-Jane O'Neil",
      "  Morag   Dunbar ",
      "J.R. Hartley",
      "WIN-£500-visit-evil.example/claim now",
    ]) {
      const mail = everyCustomerMail(name);
      const reference = mail["confirmation"]!;
      const greeting = reference.text.split("\n")[0];
      for (const [key, m] of Object.entries(mail)) {
        expect(m.text.split("\n")[0], `${key} for ${name}`).toBe(greeting);
        expect(m.to.name, `${key} for ${name}`).toBe(reference.to.name);
      }
    }
    expect(everyCustomerMail("J.R. Hartley")["confirmed"]!.text.startsWith("Hello,\n")).toBe(true);
    expect(everyCustomerMail("  Morag   Dunbar ")["reminder"]!.to.name).toBe("Morag Dunbar");
  });

  it("the calendar invitation names the customer by the clean full name, or not at all", () => {
    const ics = (name: string) =>
      appointmentConfirmedMessage(requestNamed(name), visit, ctx, {
        changed: false,
        now: early,
        trader,
      }).attachments![0]!.content.replace(/\r\n[ \t]/g, "");
    expect(ics("  Morag   Dunbar ")).toContain(`ATTENDEE;CN="Morag Dunbar";`);
    const hostile = ics("WIN-£500-visit-evil.example/claim now");
    expect(hostile).toContain("ATTENDEE;ROLE=REQ-PARTICIPANT");
    expect(hostile).not.toContain("evil");
  });
});

describe("the appointment confirmation", () => {
  it("puts the visit first, then what to do, the link and the signature, and the legal information last", () => {
    const m = appointmentConfirmedMessage(requestNamed("Morag Dunbar"), visit, ctx, {
      changed: false,
      now: early,
      trader,
    });
    const lines = m.text.split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "Hello Morag,",
      "",
      "Your appointment for Plumbing & Heating is confirmed:",
      "Tuesday 10 March 2026, morning (8am to 12pm)",
    ]);
    const order = [
      "Tuesday 10 March 2026, morning (8am to 12pm)",
      "What to expect",
      "/request/",
      "Kind regards",
      "FOR YOUR RECORDS: THE LEGAL INFORMATION ABOUT THIS VISIT",
      consumerRightsText(trader).split("\n")[0]!,
    ].map((s) => m.text.indexOf(s));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The HTML shows the visit in the first lines and the legal text in a small footer after the signature.
    expect(m.html.indexOf("Tuesday 10 March 2026")).toBeLessThan(m.html.indexOf("Kind regards"));
    expect(m.html.indexOf("Kind regards")).toBeLessThan(m.html.indexOf("FOR YOUR RECORDS"));
  });

  it("the confirmation and the visit's legal text describe the quote step that exists: accepted on the page, 14 days from accepting", () => {
    for (const m of [
      customerConfirmationMessage(requestNamed("Morag"), ctx),
      customerConfirmationMessage(requestNamed("Morag", "contact"), ctx),
    ]) {
      expect(m.text).toContain("Before any work starts we e-mail you a written quote.");
      expect(m.text).toContain("You accept it, or decline it, on your request's private page");
      expect(m.text).toContain("you can cancel within 14 days of accepting");
      expect(m.html).toContain("on your request&#39;s private page");
    }
    const legal = consumerRightsText(trader);
    expect(legal).toContain("the day you accept our quote on your request's page");
    expect(legal).toContain('press "Cancel" on your request\'s page');
  });
});
