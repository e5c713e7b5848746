/**
 * The private link to a request's page in the customer's e-mails (src/features/mail/request-link.ts): the
 * composer leaves a placeholder, a token goes in only in the copy that is sent, and what is kept or
 * shown never holds a token (the outbox side is tests/integration/token-storage.test.ts).
 */
import { describe, expect, it } from "vitest";
import {
  fillLinks,
  hasLinkSlot,
  invitePlaceholder,
  invoiceLinkPlaceholder,
  linkPlaceholder,
  newToken,
  tokenPattern,
  unusableTokenHash,
  withoutTokens,
} from "../../src/features/mail/request-link";
import { appointmentReminderMessage } from "../../src/features/appointments/mail";
import {
  customerConfirmationMessage,
  ownerRequestMessage,
  type NewRequestForMail,
} from "../../src/features/mail/messages";

const ctx = { ownerEmail: "owner@kingdomhandyman.example", siteUrl: "https://www.kingdomhandyman.example/" };

const request: NewRequestForMail = {
  id: 7,
  formType: "booking",
  name: "Morag Dunbar",
  email: "morag@example.org",
  phone: "07700 900123",
  message: "The kitchen tap drips.",
  address: "3 Links Street, Kirkcaldy",
  service: "plumbing-heating",
  submittedAt: new Date("2026-03-05T14:30:00Z"),
};

const placeholderUrl = `https://www.kingdomhandyman.example/request/${linkPlaceholder}`;

describe("the link in the customer's e-mails", () => {
  it("the confirmation and the appointment e-mails carry the page link; the owner's does not", () => {
    const reminder = appointmentReminderMessage(
      request,
      { uid: "a@x", sequence: 0, date: "2026-03-10", window: "morning", message: null },
      ctx,
      { now: new Date("2026-03-09T18:00:00Z") },
    );
    for (const m of [customerConfirmationMessage(request, ctx), reminder]) {
      expect(m.text).toContain(placeholderUrl);
      expect(m.html).toContain(`href="${placeholderUrl}"`);
      expect(m.text).toContain("please do not share it");
    }
    expect(ownerRequestMessage(request, ctx).text).not.toContain(linkPlaceholder);
  });

  it("a token is 128 bits; a placeholder is filled only where it stands, and each link row starts with an unusable hash", () => {
    const m = customerConfirmationMessage(request, ctx);
    expect(hasLinkSlot(m)).toBe(true);
    expect(hasLinkSlot(ownerRequestMessage(request, ctx))).toBe(false);
    const token = newToken();
    expect(token).toMatch(tokenPattern);
    expect(Buffer.from(token, "base64url")).toHaveLength(16);
    const text = fillLinks(m.text, { request: token });
    expect(text).toContain(`/request/${token}\n`);
    expect(text).not.toContain(linkPlaceholder);
    expect(fillLinks(m.html, { request: token })).toContain(`/request/${token}"`);
    expect(unusableTokenHash()).toMatch(/^[0-9a-f]{64}$/);
    expect(unusableTokenHash()).not.toBe(unusableTokenHash());
  });

  it("what is kept or shown names the page but never a token, nor a placeholder", () => {
    const m = customerConfirmationMessage(request, ctx);
    const sent = fillLinks(m.text, { request: newToken() });
    for (const body of [m.text, sent]) {
      const kept = withoutTokens(body);
      expect(kept).toContain("https://www.kingdomhandyman.example/request/link-sent");
      expect(kept).not.toMatch(/\/request\/[A-Za-z0-9_-]{22}/);
      expect(kept).not.toContain(linkPlaceholder);
    }
    expect(withoutTokens(fillLinks(m.html, { request: newToken() }))).toContain(
      'href="https://www.kingdomhandyman.example/request/link-sent"',
    );
    const invite = `x/testimonials#invite=${"A".repeat(43)}\n`;
    expect(withoutTokens(invite)).toBe("x/testimonials#invite=link-sent\n");
    expect(withoutTokens(`#invite=${invitePlaceholder}`)).toBe("#invite=link-sent");
    expect(withoutTokens("/request/lost and /request/AAAAAAAAAAAAAAAAAAAAAAAA")).toBe(
      "/request/lost and /request/AAAAAAAAAAAAAAAAAAAAAAAA",
    );
  });

  it("an invoice-only link's token is filled only as sent, and never kept", () => {
    const body = `https://x.example/invoice/${invoiceLinkPlaceholder} and /request/${linkPlaceholder}`;
    const token = newToken();
    const sent = fillLinks(body, { invoice: token });
    expect(sent).toBe(`https://x.example/invoice/${token} and /request/link-sent`);
    expect(withoutTokens(sent)).toBe("https://x.example/invoice/link-sent and /request/link-sent");
    expect(withoutTokens(body)).toBe("https://x.example/invoice/link-sent and /request/link-sent");
  });
});
