/**
 * Which of a message's files the SMTP transport sends as the calendar invitation (a
 * `text/calendar; method=…` alternative part plus the attached file) and which stay plain files.
 */
import { describe, expect, it } from "vitest";
import { splitInvitation, type MailAttachment } from "../../src/platform/mail/message";

const ics = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n";
const pdf: MailAttachment = {
  filename: "Q-000001.pdf",
  contentType: "application/pdf",
  content: "JVBERi0=",
  encoding: "base64",
};

describe("splitInvitation", () => {
  it("takes a REQUEST or CANCEL calendar out of the files, with its method and name", () => {
    for (const [type, method] of [
      ["text/calendar; charset=utf-8; method=REQUEST", "REQUEST"],
      ["text/calendar; charset=utf-8; method=CANCEL", "CANCEL"],
      ['Text/Calendar; method="cancel"; charset=UTF-8', "CANCEL"],
    ] as const) {
      const split = splitInvitation([pdf, { filename: "a.ics", contentType: type, content: ics }]);
      expect(split).toEqual({ invitation: { method, filename: "a.ics", content: ics }, attachments: [pdf] });
    }
  });

  it("leaves a published calendar, a calendar with no method, base64 files and other types as files", () => {
    const files: MailAttachment[] = [
      { filename: "p.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: ics },
      { filename: "n.ics", contentType: "text/calendar; charset=utf-8", content: ics },
      {
        filename: "b.ics",
        contentType: "text/calendar; method=REQUEST",
        content: "QkVHSU4=",
        encoding: "base64",
      },
      { filename: "x.txt", contentType: "text/plain; x-method=REQUEST", content: "method=REQUEST" },
      pdf,
    ];
    expect(splitInvitation(files)).toEqual({ invitation: undefined, attachments: files });
    expect(splitInvitation(undefined)).toEqual({ invitation: undefined, attachments: [] });
  });

  it("sends only the first invitation as one; a second stays a file", () => {
    const first = { filename: "1.ics", contentType: "text/calendar; method=REQUEST", content: ics };
    const second = { filename: "2.ics", contentType: "text/calendar; method=CANCEL", content: ics };
    const split = splitInvitation([first, second]);
    expect(split.invitation?.filename).toBe("1.ics");
    expect(split.attachments).toEqual([second]);
  });
});
