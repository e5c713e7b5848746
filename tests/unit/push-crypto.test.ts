/**
 * The loopback push service's two checks, proven against the `web-push` library the server sends
 * with: its aes128gcm encryption opens with our RFC 8291 decryption (and not with the wrong keys),
 * and its VAPID header verifies (and a changed one does not).
 */
import { describe, expect, it } from "vitest";
import webpush from "web-push";
import { browserKeys, decryptAes128gcm, verifyVapid } from "../helpers/push-service";

describe("aes128gcm (RFC 8291) against web-push's encryption", () => {
  it("decrypts what web-push encrypted for the browser's keys", () => {
    const browser = browserKeys();
    for (const text of [
      "",
      "x",
      JSON.stringify({ title: "New booking: Ann Smith", body: "Plumbing · Tue 3 Mar" }),
      "é".repeat(1500),
    ]) {
      const sealed = webpush.encrypt(
        browser.ecdh.getPublicKey().toString("base64url"),
        browser.auth.toString("base64url"),
        text,
        "aes128gcm",
      );
      expect(decryptAes128gcm(sealed.cipherText, browser).toString("utf8")).toBe(text);
    }
  });

  it("refuses a body sealed for another browser, or with another auth secret, or changed", () => {
    const browser = browserKeys();
    const other = browserKeys();
    const sealed = webpush.encrypt(
      browser.ecdh.getPublicKey().toString("base64url"),
      browser.auth.toString("base64url"),
      "hello",
      "aes128gcm",
    );
    expect(() => decryptAes128gcm(sealed.cipherText, other)).toThrow();
    expect(() => decryptAes128gcm(sealed.cipherText, { ecdh: browser.ecdh, auth: other.auth })).toThrow();
    const changed = Buffer.from(sealed.cipherText);
    changed.writeUInt8(changed.readUInt8(changed.length - 20) ^ 1, changed.length - 20);
    expect(() => decryptAes128gcm(changed, browser)).toThrow();
  });
});

describe("VAPID (RFC 8292) against web-push's header", () => {
  const vapid = webpush.generateVAPIDKeys();
  const header = () =>
    webpush.getVapidHeaders(
      "http://127.0.0.1:4000",
      "mailto:owner@example.org",
      vapid.publicKey,
      vapid.privateKey,
      "aes128gcm",
    ).Authorization as string;

  it("verifies the JWT with the key it names, for the right audience", () => {
    const { claims, publicKey } = verifyVapid(header(), "http://127.0.0.1:4000");
    expect(publicKey).toBe(vapid.publicKey);
    expect(claims.sub).toBe("mailto:owner@example.org");
  });

  it("refuses another audience, another key, or a changed token", () => {
    expect(() => verifyVapid(header(), "http://127.0.0.1:4001")).toThrow(/aud/);
    const other = webpush.generateVAPIDKeys().publicKey;
    expect(() => verifyVapid(header().replace(/k=.*$/, `k=${other}`), "http://127.0.0.1:4000")).toThrow(
      /signature/,
    );
    const h = header();
    const payloadStart = h.indexOf(".") + 1;
    const tampered =
      h.slice(0, payloadStart) + (h[payloadStart] === "e" ? "f" : "e") + h.slice(payloadStart + 1);
    expect(() => verifyVapid(tampered, "http://127.0.0.1:4000")).toThrow();
  });
});
