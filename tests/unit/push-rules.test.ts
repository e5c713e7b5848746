/** The push feature's pure rules: accepted endpoints, quiet hours, the VAPID subject, the words. */
import { describe, expect, it } from "vitest";
import {
  endpointProblem,
  isPublicAddress,
  pushContent,
  releaseTime,
  vapidSubject,
} from "../../src/features/push/rules";
import { wallClockInstant } from "../../src/platform/time";

describe("endpointProblem", () => {
  const production = {};
  it("takes the browsers' push services over https", () => {
    for (const url of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
      "https://web.push.apple.com/QGuQyavX",
      "https://wns2-db5p.notify.windows.com/w/?token=x",
      "https://fcm.googleapis.com:443/fcm/send/x",
    ]) {
      expect(endpointProblem(url, production), url).toBeNull();
    }
  });
  it("refuses plain http, other ports, user-info, address literals, private and reserved hosts", () => {
    for (const url of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:8443/x",
      "https://fcm.googleapis.com:80/x",
      "https://fcm.googleapis.com:22/x",
      "https://user:pw@fcm.googleapis.com/x",
      "https://user@fcm.googleapis.com/x",
      "https://127.0.0.1/x",
      "http://127.0.0.1:4000/push/1",
      "https://8.8.8.8/x",
      "https://localhost/x",
      "https://10.1.2.3/x",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/x",
      "https://[64:ff9b::7f00:1]/x",
      "https://[fec0::1]/x",
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
  it("names the rule each refusal breaks", () => {
    expect(endpointProblem("https://user@fcm.googleapis.com/x")).toMatch(/user name or password/);
    expect(endpointProblem("https://fcm.googleapis.com:22/x")).toMatch(/port 443/);
    expect(endpointProblem("http://fcm.googleapis.com/x")).toMatch(/https:\/\//);
    expect(endpointProblem("https://[fec0::1]/x")).toMatch(/not an address/);
  });
  it("takes the local push service's own origin only, never another loopback port", () => {
    const local = { localOrigin: "http://127.0.0.1:4000" };
    expect(endpointProblem("http://127.0.0.1:4000/push/1", local)).toBeNull();
    expect(endpointProblem("http://127.0.0.1:4001/push/1", local)).not.toBeNull();
    expect(endpointProblem("http://localhost:4000/push/1", local)).not.toBeNull();
    expect(endpointProblem("http://user@127.0.0.1:4000/push/1", local)).not.toBeNull();
  });
});

describe("isPublicAddress (ipaddr.js's ranges)", () => {
  it("takes public unicast IPv4 and IPv6", () => {
    for (const a of ["8.8.8.8", "142.250.187.206", "2a00:1450:4009:80b::200a", "2606:4700::1111"]) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });
  it("refuses every special-use range, the IPv6 transition ones included", () => {
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.0.1",
      "192.168.1.1",
      "100.64.0.1",
      "169.254.169.254",
      "0.0.0.0",
      "192.0.2.1",
      "198.18.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "::7f00:1", // IPv4-compatible, ::/96
      "64:ff9b::7f00:1", // NAT64, 64:ff9b::/96
      "2002:7f00:1::1", // 6to4, 2002::/16
      "fec0::1", // site-local, fec0::/10
      "fe80::1",
      "fd00::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:8.8.8.8",
      "2001::1", // Teredo
      "2001:db8::1",
      "100::1",
      "not an address",
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
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
