import { describe, expect, it } from "vitest";
import {
  customerConfirmationMessage,
  escapeHtml,
  oneLine,
  ownerReviewMessage,
  ownerRequestMessage,
  reference,
  type NewRequestForMail,
} from "../../src/features/mail/messages";
import { businessFact } from "../../src/features/mail/business-facts";

const ctx = { ownerEmail: "owner@kingdomhandyman.example", siteUrl: "https://www.kingdomhandyman.example" };

const booking: NewRequestForMail = {
  id: 42,
  formType: "booking",
  name: "Morag Dunbar",
  email: "morag@example.org",
  phone: "07700 900123",
  message: "The kitchen tap drips.\nIt started last week.",
  address: "3 Links Street, Kirkcaldy",
  service: "plumbing-heating",
  submittedAt: new Date("2026-03-05T14:30:00Z"),
};

describe("owner notification for a booking", () => {
  const m = ownerRequestMessage(booking, ctx);

  it("goes to the owner with Reply-To the customer", () => {
    expect(m.to.address).toBe(ctx.ownerEmail);
    expect(m.replyTo).toEqual({ name: "Morag Dunbar", address: "morag@example.org" });
  });

  it("names the type, the service and the customer in the subject", () => {
    expect(m.subject).toBe("New booking request: Plumbing & Heating from Morag Dunbar");
  });

  it("carries every field of the submission and a link to the inbox", () => {
    for (const part of [m.text, m.html]) {
      expect(part).toContain("07700 900123");
      expect(part).toContain("morag@example.org");
      expect(part).toContain("3 Links Street, Kirkcaldy");
      expect(part).toContain("KB-000042");
      expect(part).toContain(`${ctx.siteUrl}/admin/requests/42`);
    }
    expect(m.text).toContain("The kitchen tap drips.\nIt started last week.");
    expect(m.html).toContain("Plumbing &amp; Heating");
  });
  it("gives the time it arrived in London time, in the site's one style", () => {
    // 14:30 UTC on 5 March is 2:30pm GMT.
    expect(m.text).toContain("Received: Thursday 5 March 2026 at 2:30pm");
  });
});

describe("customer confirmation", () => {
  it("says what happens next, with the reference, phone and hours, and no marketing", () => {
    const m = customerConfirmationMessage(booking, ctx);
    expect(m.to.address).toBe("morag@example.org");
    expect(m.subject).toBe("We've received your booking request (KB-000042)");
    expect(m.text).toContain("within 24 hours");
    // The phone in force goes into its slot as the e-mail is queued (tests/integration/business-mail-facts.test.ts).
    expect(m.text).toContain(businessFact.phone);
    expect(m.text).toContain("Saturday: 9am-4pm");
    expect(m.text.toLowerCase()).not.toContain("unsubscribe");
    expect(m.html).not.toMatch(/<img|<script/i);
  });

  it("uses a contact reference for contact messages", () => {
    expect(reference({ id: 7, formType: "contact" })).toBe("KC-000007");
  });
});

describe("hostile input", () => {
  it("cannot add a header through the name", () => {
    const m = ownerRequestMessage({ ...booking, name: "Eve\r\nBcc: victim@example.com\r\nX-Evil: 1" }, ctx);
    expect(m.subject).not.toMatch(/[\r\n]/);
    expect(m.replyTo?.name).not.toMatch(/[\r\n]/);
    expect(m.subject).toContain("Eve Bcc: victim@example.com X-Evil: 1");
  });

  it("escapes HTML in every visitor field", () => {
    const m = ownerReviewMessage(
      {
        id: 1,
        name: "<b>Bob</b>",
        location: "Fife <script>",
        rating: 5,
        text: `"><img src=x onerror=alert(1)>`,
      },
      ctx,
    );
    expect(m.html).not.toContain("<script>");
    expect(m.html).not.toContain("<img");
    expect(m.html).toContain("&lt;b&gt;Bob&lt;/b&gt;");
    expect(m.text).toContain("<b>Bob</b>");
  });

  it("oneLine strips control characters and caps the length", () => {
    expect(oneLine("a\u0000b\u2028c\td", 100)).toBe("a b c d");
    expect(oneLine("x".repeat(300), 10)).toHaveLength(10);
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });
});

describe("the customer's greeting echoes at most a plain first name", () => {
  const confirm = (name: string) => customerConfirmationMessage({ ...booking, name }, ctx);

  it("greets a person by their first name and addresses them by their name", () => {
    const m = confirm("Mary-Jane O'Neil");
    expect(m.text.startsWith("Hello Mary-Jane,\n")).toBe(true);
    expect(m.html).toContain("<p>Hello Mary-Jane,</p>");
    expect(m.to.name).toBe("Mary-Jane O'Neil");
  });

  it.each([
    "WIN-£500-visit-evil.example/claim now",
    "CLAIM-YOUR-PRIZE-NOW-AT-OUR-OFFICE-TODAY please",
    "£500 winner",
    "<b>Prize</b>",
  ])("says only Hello, and puts no name on the envelope, for %j", (name) => {
    const m = confirm(name);
    expect(m.text.startsWith("Hello,\n")).toBe(true);
    expect(m.html).toContain("<p>Hello,</p>");
    expect(m.to.name).toBe("");
    for (const word of ["evil", "£500", "Prize", "CLAIM"]) {
      expect(m.text).not.toContain(word);
      expect(m.html).not.toContain(word);
    }
  });
});
