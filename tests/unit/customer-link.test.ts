/**
 * The private link to a request's page in the customer's e-mails (src/features/mail/request-link.ts): a
 * fresh 128-bit token per queued message wherever the composer left the placeholder, only its
 * hash handed on, and the token dropped from what is kept once the message is sent.
 */
import { describe, expect, it } from "vitest";
import {
  hashToken,
  linkPlaceholder,
  tokenPattern,
  withoutTokens,
  withRequestLink,
} from "../../src/features/mail/request-link";
import { appointmentReminderMessage } from "../../src/features/appointments/mail";
import {
  customerConfirmationMessage,
  ownerSubmissionMessage,
  type SubmissionForMail,
} from "../../src/features/mail/messages";

const ctx = { ownerEmail: "owner@kingdomhandyman.example", siteUrl: "https://www.kingdomhandyman.example/" };

const request: SubmissionForMail = {
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
    );
    for (const m of [customerConfirmationMessage(request, ctx), reminder]) {
      expect(m.text).toContain(placeholderUrl);
      expect(m.html).toContain(`href="${placeholderUrl}"`);
      expect(m.text).toContain("please do not share it");
    }
    expect(ownerSubmissionMessage(request, ctx).text).not.toContain(linkPlaceholder);
  });

  it("each queued message gets its own 128-bit token; only its hash is handed on", () => {
    const m = customerConfirmationMessage(request, ctx);
    const a = withRequestLink(m);
    const b = withRequestLink(m);
    const token = /\/request\/([^\s"<]+)/.exec(a.message.text)![1]!;
    expect(token).toMatch(tokenPattern);
    expect(Buffer.from(token, "base64url")).toHaveLength(16);
    expect(a.message.html).toContain(`/request/${token}"`);
    expect(a.message.text).not.toContain(linkPlaceholder);
    expect(a.tokenHash).toBe(hashToken(token));
    expect(a.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(b.tokenHash).not.toBe(a.tokenHash);
  });

  it("a message without the placeholder is left as it is", () => {
    const m = ownerSubmissionMessage(request, ctx);
    expect(withRequestLink(m)).toEqual({ message: m, tokenHash: null });
  });

  it("what is kept once sent names the page but not the token", () => {
    const { message } = withRequestLink(customerConfirmationMessage(request, ctx));
    const kept = withoutTokens(message.text);
    expect(kept).toContain("https://www.kingdomhandyman.example/request/link-sent");
    expect(kept).not.toMatch(/\/request\/[A-Za-z0-9_-]{22}/);
    expect(withoutTokens(message.html)).toContain(
      'href="https://www.kingdomhandyman.example/request/link-sent"',
    );
    expect(withoutTokens("/request/lost and /request/AAAAAAAAAAAAAAAAAAAAAAAA")).toBe(
      "/request/lost and /request/AAAAAAAAAAAAAAAAAAAAAAAA",
    );
  });
});
