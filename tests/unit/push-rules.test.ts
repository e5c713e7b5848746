/** The push feature's pure rules: accepted endpoints, quiet hours, the VAPID subject, the words. */
import { describe, expect, it } from "vitest";
import {
  endpointProblem,
  isPrivateAddress,
  pushContent,
  releaseTime,
  vapidSubject,
} from "../../src/features/push/rules";
import { wallClockInstant } from "../../src/platform/time";

describe("endpointProblem", () => {
  const production = { allowLoopback: false };
  it("takes the browsers' push services over https", () => {
    for (const url of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
      "https://web.push.apple.com/QGuQyavX",
      "https://wns2-db5p.notify.windows.com/w/?token=x",
    ]) {
      expect(endpointProblem(url, production), url).toBeNull();
    }
  });
  it("refuses plain http, other ports, credentials, loopback, private and reserved hosts in production", () => {
    for (const url of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:8443/x",
      "https://user:pw@fcm.googleapis.com/x",
      "https://127.0.0.1/x",
      "http://127.0.0.1:4000/push/1",
      "https://localhost/x",
      "https://10.1.2.3/x",
      "https://172.20.0.1/x",
      "https://192.168.1.1/x",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/x",
      "https://[fd00::1]/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://metadata.google.internal/x",
      "https://push.example.com/x",
      "https://intranet/x",
      "not a url",
      "file:///etc/passwd",
    ]) {
      expect(endpointProblem(url, production), url).not.toBeNull();
    }
  });
  it("takes http://127.0.0.1 and localhost on the local stack and in tests only", () => {
    expect(endpointProblem("http://127.0.0.1:4000/push/1", { allowLoopback: true })).toBeNull();
    expect(endpointProblem("http://localhost:4000/push/1", { allowLoopback: true })).toBeNull();
    expect(endpointProblem("http://10.0.0.2:4000/push/1", { allowLoopback: true })).not.toBeNull();
  });
  it("knows private addresses", () => {
    expect(isPrivateAddress("100.64.0.1")).toBe(true);
    expect(isPrivateAddress("8.8.8.8")).toBe(false);
    expect(isPrivateAddress("2a00:1450:4009:80b::200a")).toBe(false);
    expect(isPrivateAddress("fe80::1")).toBe(true);
  });
});

describe("releaseTime (quiet hours 21:00-07:00, London)", () => {
  const quiet = { from: "21:00", until: "07:00" };
  const at = (date: string, time: string) => wallClockInstant(date, time);
  it("sends at once in the day, holds from 21:00 until 07:00 the next morning", () => {
    expect(releaseTime(at("2026-12-02", "20:59"), quiet, false)).toEqual(at("2026-12-02", "20:59"));
    expect(releaseTime(at("2026-12-02", "21:00"), quiet, false)).toEqual(at("2026-12-03", "07:00"));
    expect(releaseTime(at("2026-12-02", "23:59"), quiet, false)).toEqual(at("2026-12-03", "07:00"));
    expect(releaseTime(at("2026-12-03", "03:00"), quiet, false)).toEqual(at("2026-12-03", "07:00"));
    expect(releaseTime(at("2026-12-03", "07:00"), quiet, false)).toEqual(at("2026-12-03", "07:00"));
  });
  it("never holds a same-day change, and follows British Summer Time", () => {
    expect(releaseTime(at("2026-12-02", "22:00"), quiet, true)).toEqual(at("2026-12-02", "22:00"));
    // 06:30 UTC on 1 July is 07:30 in London: outside the quiet hours.
    expect(releaseTime(new Date("2026-07-01T06:30:00Z"), quiet, false)).toEqual(
      new Date("2026-07-01T06:30:00Z"),
    );
    expect(releaseTime(new Date("2026-07-01T05:30:00Z"), quiet, false)).toEqual(
      new Date("2026-07-01T06:00:00Z"),
    );
  });
  it("a span within one day, and none", () => {
    const lunch = { from: "12:00", until: "13:00" };
    expect(releaseTime(at("2026-12-02", "12:30"), lunch, false)).toEqual(at("2026-12-02", "13:00"));
    expect(releaseTime(at("2026-12-02", "22:30"), { from: "00:00", until: "00:00" }, false)).toEqual(
      at("2026-12-02", "22:30"),
    );
  });
});

describe("the VAPID subject and the words", () => {
  it("is a mailto: of a well-formed address, or refuses", () => {
    expect(vapidSubject("hello@kingdomhandyman.co.uk")).toBe("mailto:hello@kingdomhandyman.co.uk");
    expect(() => vapidSubject("hello at kingdomhandyman")).toThrow(/not an e-mail address/);
    expect(() => vapidSubject("<hello@x.co.uk>")).toThrow();
  });
  it("says who and what, and opens the request", () => {
    const label = (id: string | null) => (id === "plumbing-heating" ? "Plumbing & Heating" : "Other");
    expect(
      pushContent(
        {
          kind: "new_request",
          requestId: 42,
          formType: "booking",
          name: "Ann Smith",
          service: "plumbing-heating",
          firstChoice: "Tuesday 1 December 2026, morning (8am to 12pm)",
        },
        label,
      ),
    ).toEqual({
      title: "New booking: Ann Smith",
      body: "Plumbing & Heating · first choice Tuesday 1 December, morning",
      url: "/admin/requests/42",
      tag: "request-42",
    });
    expect(
      pushContent(
        {
          kind: "invoice_overdue",
          requestId: 7,
          name: "Ann Smith",
          invoiceNumber: "INV-0007",
          amountPence: 45_000,
        },
        label,
      ),
    ).toMatchObject({
      title: "Invoice overdue: Ann Smith",
      body: "INV-0007, £450.00",
      url: "/admin/requests/7",
    });
    expect(
      pushContent(
        {
          kind: "appointment_accepted",
          requestId: 3,
          name: "Ann Smith",
          label: "Tue 1 Dec, morning",
          day: "2026-12-01",
        },
        label,
      ).title,
    ).toBe("Ann accepted the time");
  });
});
