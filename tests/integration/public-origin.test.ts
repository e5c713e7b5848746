/**
 * Public posts that another site's page sends are refused before anything is read or stored
 * (docs/decisions/027-security-review-fixes.md): the contact, booking and review forms, the photo
 * upload and a no-JavaScript booking with its photo. A post from this site's own page passes, with
 * JavaScript (Origin) or without (Origin, or `Origin: null` with `Sec-Fetch-Site: same-origin`); a
 * client without any Origin (not a browser) meets the per-client limits instead. A post that leaves
 * the spam guard's time field out is refused like one sent too fast.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import bookings from "../../netlify/functions/bookings.mts";
import contact from "../../netlify/functions/contact.mts";
import testimonialsFn from "../../netlify/functions/testimonials.mts";
import uploads from "../../netlify/functions/uploads.mts";
import { requests, photos, testimonials } from "../../src/features/tables";
import { useTestDatabase } from "../helpers/db";
import { useTestBlobs } from "../helpers/blobs";
import {
  bookingFormFields,
  formRequest,
  jsonRequest,
  randomIp,
  validBooking,
  validContact,
  validReview,
} from "../helpers/http";
import { png } from "../helpers/images";

const t = useTestDatabase();
useTestBlobs();

const own = "http://localhost";
const elsewhere = { origin: "https://busy-site.example", "sec-fetch-site": "cross-site" };

const storedNamed = async (name: string) =>
  (await t.db.select().from(requests).where(eq(requests.name, name))).length;

async function errorCode(res: Response): Promise<string | undefined> {
  const text = await res.text();
  try {
    return (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    return text.includes("another website") ? "forbidden" : undefined;
  }
}

describe("public posts from another site", () => {
  it("refuses contact, booking and review posts sent by another site's page, storing nothing", async () => {
    const message = validContact();
    const booking = validBooking();
    const review = validReview();
    const answers = [
      await contact(jsonRequest("/api/contact", message, { headers: elsewhere })),
      await contact(formRequest("/api/contact", message as Record<string, string>, { headers: elsewhere })),
      await bookings(jsonRequest("/api/bookings", booking, { headers: elsewhere })),
      await testimonialsFn(jsonRequest("/api/testimonials", review, { headers: elsewhere })),
    ];
    expect(answers.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(await storedNamed(message.name)).toBe(0);
    expect(await storedNamed(booking.name as string)).toBe(0);
    expect((await t.db.select().from(testimonials).where(eq(testimonials.name, review.name))).length).toBe(0);
  });

  it("refuses another site's post even when its browser hides the origin (Origin: null)", async () => {
    const message = validContact();
    const res = await contact(
      jsonRequest("/api/contact", message, { headers: { origin: "null", "sec-fetch-site": "cross-site" } }),
    );
    expect(res.status).toBe(403);
    // An older browser without Sec-Fetch-Site: a null origin cannot be told apart, so it is refused.
    const bare = await contact(jsonRequest("/api/contact", message, { headers: { origin: "null" } }));
    expect(bare.status).toBe(403);
    // No Origin but a browser saying the request is cross-site.
    const hidden = await contact(
      jsonRequest("/api/contact", message, { headers: { "sec-fetch-site": "cross-site" } }),
    );
    expect(hidden.status).toBe(403);
    expect(await storedNamed(message.name)).toBe(0);
  });

  it("refuses a photo upload and a no-JavaScript booking with a photo from another site, storing no photo", async () => {
    const before = (await t.db.select().from(photos)).length;
    const upload = await uploads(
      new Request(`${own}/api/uploads`, {
        method: "POST",
        headers: { "content-type": "image/png", "x-forwarded-for": randomIp(), ...elsewhere },
        body: new Uint8Array(await png()),
      }),
    );
    expect(upload.status).toBe(403);

    const fields = bookingFormFields();
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append("photos", new File([new Uint8Array(await png())], "wall.png", { type: "image/png" }));
    const booking = await bookings(
      new Request(`${own}/api/bookings`, {
        method: "POST",
        headers: { accept: "text/html", "x-forwarded-for": randomIp(), ...elsewhere },
        body: form,
      }),
    );
    expect(booking.status).toBe(403);
    expect(await errorCode(booking)).toBe("forbidden");
    expect((await t.db.select().from(photos)).length).toBe(before);
    expect(await storedNamed(fields["name"]!)).toBe(0);
  });

  it("accepts posts from this site's own pages, with and without JavaScript, and from non-browser clients", async () => {
    const withJs = validContact();
    const noJs = validContact({ formStartedAt: "" });
    const noReferrer = validContact();
    const script = validContact();
    const answers = [
      await contact(
        jsonRequest("/api/contact", withJs, { headers: { origin: own, "sec-fetch-site": "same-origin" } }),
      ),
      await contact(
        formRequest("/api/contact", noJs as Record<string, string>, {
          headers: { origin: own, "sec-fetch-site": "same-origin" },
        }),
      ),
      await contact(
        jsonRequest("/api/contact", noReferrer, {
          headers: { origin: "null", "sec-fetch-site": "same-origin" },
        }),
      ),
      await contact(jsonRequest("/api/contact", script)),
    ];
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    for (const m of [withJs, noJs, noReferrer, script]) expect(await storedNamed(m.name)).toBe(1);
    const upload = await uploads(
      new Request(`${own}/api/uploads`, {
        method: "POST",
        headers: { "content-type": "image/png", "x-forwarded-for": randomIp(), origin: own },
        body: new Uint8Array(await png()),
      }),
    );
    expect(upload.status).toBe(201);
  });
});

describe("spam guard: the start-time field", () => {
  it("refuses a post that leaves formStartedAt out, like one sent too fast, and stores nothing", async () => {
    const { formStartedAt: _, ...message } = validContact();
    const res = await contact(jsonRequest("/api/contact", message));
    expect(res.status).toBe(422);
    expect(await errorCode(res)).toBe("too_fast");
    const { formStartedAt: __, ...fields } = bookingFormFields();
    const page = await bookings(formRequest("/api/bookings", fields));
    expect(page.status).toBe(422);
    expect(await storedNamed(message.name)).toBe(0);
    expect(await storedNamed(fields["name"]!)).toBe(0);
  });
});
