/**
 * The pure parts of photo handling: what the first bytes say a file is, how a form's photo ids are
 * read, and what the owner's e-mail says about photos.
 */
import { describe, expect, it } from "vitest";
import { Invalid } from "../../src/platform/domain-errors";
import { toHttpError } from "../../src/platform/http/errors";
import { ownerRequestMessage } from "../../src/features/mail/messages";
import { sniffImage } from "../../src/features/photos/process";
import { parsePhotoIds } from "../../src/features/photos/service";
import { jpegWithGps, pdf, png, pngBomb, svg, webp } from "../helpers/images";

describe("sniffImage", () => {
  it("names a file by its bytes, whatever it is called", async () => {
    expect(sniffImage(await jpegWithGps(64, 48))).toBe("jpeg");
    expect(sniffImage(await png(8, 8))).toBe("png");
    expect(sniffImage(await webp(8, 8))).toBe("webp");
    expect(sniffImage(pngBomb(20000))).toBe("png");
    expect(sniffImage(svg)).toBe("svg");
    expect(sniffImage(Buffer.from("  <svg xmlns='http://www.w3.org/2000/svg'/>"))).toBe("svg");
    expect(sniffImage(pdf)).toBe("pdf");
    expect(sniffImage(Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic")]))).toBe("heif");
    expect(sniffImage(Buffer.from("GIF89a"))).toBe("unknown");
    expect(sniffImage(new Uint8Array(0))).toBe("unknown");
  });
});

describe("parsePhotoIds", () => {
  const id = (c: string) => c.repeat(24);
  it("reads a JSON array or a comma-separated web form value, without duplicates", () => {
    expect(parsePhotoIds(undefined)).toEqual([]);
    expect(parsePhotoIds("")).toEqual([]);
    expect(parsePhotoIds([id("a"), id("b"), id("a")])).toEqual([id("a"), id("b")]);
    expect(parsePhotoIds(`${id("a")}, ${id("b")}`)).toEqual([id("a"), id("b")]);
  });
  it("refuses anything that is not a list of ids, and more than five, with 422 on `photos`", () => {
    for (const bad of [[1], ["../x"], { a: 1 }, 7, [id("a"), "short"]]) {
      let error: unknown = null;
      try {
        parsePhotoIds(bad);
      } catch (e) {
        error = e;
      }
      // A rule's refusal, which the edge answers 422 with the message on `photos`.
      expect(error).toBeInstanceOf(Invalid);
      expect(toHttpError(error).status).toBe(422);
      expect(toHttpError(error).fields?.["photos"]).toBeTruthy();
    }
    try {
      parsePhotoIds(["a", "b", "c", "d", "e", "f"].map(id));
      expect.unreachable("six photos were accepted");
    } catch (e) {
      expect(toHttpError(e).fields?.["photos"]).toBe("Please attach at most 5 photos.");
    }
  });
});

describe("owner e-mail", () => {
  const base = {
    id: 42,
    formType: "booking" as const,
    name: "Morag Ross",
    email: "morag@example.com",
    phone: "07700 900123",
    message: "Leak under the sink.",
    address: "1 Main St",
    service: "plumbing-heating",
    submittedAt: new Date("2026-11-23T10:00:00Z"),
  };
  const ctx = { ownerEmail: "owner@example.com", siteUrl: "https://site.example" };
  it("says how many photos came and links to the request, attaching nothing", () => {
    const m = ownerRequestMessage({ ...base, photoCount: 3 }, ctx);
    expect(m.text).toContain("3 photos attached");
    expect(m.text).toContain("https://site.example/admin/requests/42");
    expect(m.html).not.toContain("<img");
  });
  it("says nothing about photos when none came", () => {
    const m = ownerRequestMessage(base, ctx);
    expect(m.text).not.toContain("Photos");
    expect(m.text).toContain("https://site.example/admin/requests/42\n");
  });
});
