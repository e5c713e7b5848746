/**
 * Photos with a booking, in Chromium against the real stack (the test host, its local Blobs store,
 * the embedded database): two photos, one a 12 MP phone-like JPEG with GPS EXIF, are shrunk in the
 * browser and uploaded; the booking claims them; the owner opens them in the admin; the bytes
 * served carry no EXIF; without a session a photo's address answers 401.
 */
import { expect as baseExpect, test, type Page, type Request } from "@playwright/test";
import sharp from "sharp";
import { hasMetadata, photoLike, twelveMegapixelJpeg } from "../helpers/images";
import { signedIn } from "./admin-support";
import {
  bookableDate,
  fillBookingFields,
  fillOption,
  goToForm,
  ownClientHeaders,
  serverTimeout,
  requestsNamed,
  uniqueName,
} from "./forms-support";

const expect = baseExpect.configure({ timeout: serverTimeout });
test.describe.configure({ timeout: 240_000 });
/** Resizing a 12 MP photo and uploading it take seconds on a busy 2-core machine. */
const uploadTimeout = 90_000;

/**
 * Keeps every body the page hands to XMLHttpRequest.send for POST /api/uploads, as the page's own
 * Blob. Playwright cannot show these bodies: the island listens for upload progress, and when an
 * XMLHttpRequest with an upload listener sends a Blob, Chromium gives DevTools no post data
 * (`postDataBuffer()` is null, and `page.route` is not even called for the request). The wrapper
 * only records; the native send runs unchanged, and the test checks each record against the
 * Content-Length that went out.
 */
function recordUploadBodies() {
  const targets = new WeakMap<XMLHttpRequest, string>();
  const sent: Blob[] = [];
  (window as unknown as { uploadBodies: Blob[] }).uploadBodies = sent;
  const { open, send } = XMLHttpRequest.prototype;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL) {
    targets.set(this, `${method.toUpperCase()} ${new URL(url, location.href).pathname}`);
    // eslint-disable-next-line prefer-rest-params -- open has optional trailing arguments
    return open.apply(this, arguments as unknown as Parameters<typeof open>);
  } as typeof open;
  XMLHttpRequest.prototype.send = function (
    this: XMLHttpRequest,
    body?: Document | XMLHttpRequestBodyInit | null,
  ) {
    if (targets.get(this) === "POST /api/uploads")
      sent.push(new Blob(body == null ? [] : [body as BlobPart]));
    return send.call(this, body);
  };
}

/** The bodies recorded by recordUploadBodies, as bytes. */
async function recordedUploadBodies(page: Page): Promise<Buffer[]> {
  const encoded = await page.evaluate(() =>
    Promise.all(
      (window as unknown as { uploadBodies: Blob[] }).uploadBodies.map(
        (blob) =>
          new Promise<string>((resolve, reject) => {
            const reader = new FileReader();
            // A data: URL, "data:<type>;base64,<bytes>".
            reader.onload = () => resolve((reader.result as string).split(",", 2)[1] ?? "");
            reader.onerror = () => reject(reader.error);
            reader.readAsDataURL(blob);
          }),
      ),
    ),
  );
  return encoded.map((b64) => Buffer.from(b64, "base64"));
}

/** The description of an ICC profile (v2 `desc` or v4 `mluc` tag), e.g. "sRGB". */
function iccDescription(icc: Buffer): string | undefined {
  const tags = icc.readUInt32BE(128);
  for (let i = 0; i < tags; i++) {
    const entry = 132 + i * 12;
    if (icc.toString("latin1", entry, entry + 4) !== "desc") continue;
    const at = icc.readUInt32BE(entry + 4);
    const type = icc.toString("latin1", at, at + 4);
    if (type === "desc")
      return icc.toString("latin1", at + 12, at + 12 + icc.readUInt32BE(at + 8)).replace(/\0+$/, "");
    if (type === "mluc") {
      const length = icc.readUInt32BE(at + 20);
      const from = at + icc.readUInt32BE(at + 24);
      return icc
        .subarray(from, from + length)
        .swap16()
        .toString("utf16le");
    }
  }
  return undefined;
}

test("a booking with two photos: resized in the browser, stored without EXIF, shown to the owner only", async ({
  page,
  context,
  request,
  baseURL,
  browser,
}) => {
  await page.setExtraHTTPHeaders(ownClientHeaders());
  await page.addInitScript(recordUploadBodies);
  const big = await twelveMegapixelJpeg();
  const small = await (await photoLike(900, 1200)).png().toBuffer();
  expect(await hasMetadata(big)).toBe(true);
  for (const original of [big, small]) expect((await sharp(original).metadata()).icc).toBeUndefined();

  await goToForm(page, "/book-appointment", "/api/bookings");
  const form = page.locator('form[action="/api/bookings"]');
  const name = uniqueName("Photo");
  await fillBookingFields(form, {
    name,
    email: "photo.test@example.com",
    phone: "07700 900123",
    address: "12 High Street, Kirkcaldy KY1 1AB",
    service: "plumbing-heating",
    message: "The ceiling under the bathroom has a brown stain: photos attached.",
  });
  await fillOption(form, 1, { date: bookableDate(1), window: "morning" });

  const uploadRequests: Request[] = [];
  const uploadIds: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/uploads") && r.method() === "POST") uploadRequests.push(r);
  });
  page.on("response", async (r) => {
    if (r.url().endsWith("/api/uploads") && r.status() === 201)
      uploadIds.push(((await r.json()) as { id: string }).id);
  });

  await form.getByLabel("Add photos").setInputFiles([
    { name: "ceiling.jpg", mimeType: "image/jpeg", buffer: big },
    { name: "pipe.png", mimeType: "image/png", buffer: small },
  ]);
  const attached = form.getByRole("list", { name: "Attached photos" }).getByRole("listitem");
  await expect(attached).toHaveCount(2);
  await expect(attached.filter({ hasText: "Uploaded" })).toHaveCount(2, { timeout: uploadTimeout });
  // The other fields are untouched by the uploads.
  await expect(form.getByLabel("Full Name")).toHaveValue(name);

  // What left the browser: JPEGs at most 2048 px on the long side, without the EXIF/GPS block.
  const uploadBodies = await recordedUploadBodies(page);
  expect(uploadBodies).toHaveLength(2);
  // The recorded bodies are the ones that went out: same sizes as the requests' Content-Length.
  expect(uploadRequests).toHaveLength(2);
  const sentLengths = await Promise.all(
    uploadRequests.map(async (r) => Number((await r.allHeaders())["content-length"])),
  );
  expect(uploadBodies.map((b) => b.length).sort((a, b) => a - b)).toEqual(sentLengths.sort((a, b) => a - b));
  for (const body of uploadBodies) {
    const meta = await sharp(body).metadata();
    expect(meta.format).toBe("jpeg");
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2048);
    // No EXIF (so no position or phone model), XMP or IPTC. The one block Chromium's canvas encoder
    // writes is its own sRGB colour profile (the originals carry none); the server drops it too.
    expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }).toEqual({});
    if (meta.icc) expect(iccDescription(meta.icc)).toBe("sRGB");
    const text = body.toString("latin1");
    for (const trace of ["Exif\0", "TestPhone", "GPS"]) expect(text).not.toContain(trace);
  }
  // The 12 MP original (2.6 MB) went up as a fraction of its size.
  expect(Math.max(...uploadBodies.map((b) => b.length))).toBeLessThan(big.length / 2);

  await page.getByRole("button", { name: "Book Appointment", exact: true }).click();
  await expect(form.getByText("Request received! We'll contact you to confirm a time.")).toBeVisible();
  await expect(attached).toHaveCount(0);

  const [stored] = await requestsNamed(request, baseURL!, name);
  expect(stored).toBeTruthy();

  // The owner opens the request (the e-mail's link) and pages through the photos.
  await signedIn(context, request, baseURL!);
  await page.goto(`/admin/requests/${stored!.id}`);
  const dialog = page.getByRole("dialog", { name: "Appointment Request" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Photos (2)")).toBeVisible({ timeout: uploadTimeout });
  await dialog.getByRole("button", { name: "Open photo 1 of 2" }).click();
  const viewer = page.getByRole("dialog", { name: "Photo 1 of 2" });
  await expect(viewer.getByRole("img")).toBeVisible();
  await expect
    .poll(() => viewer.getByRole("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await viewer.getByRole("button", { name: "Next" }).click();
  const second = page.getByRole("dialog", { name: "Photo 2 of 2" });
  await expect(second).toBeVisible();
  await expect(second.getByRole("link", { name: "Download" })).toHaveAttribute("href", /\?download=1$/);

  // The bytes the owner gets: our headers, no EXIF, at most 2048 px.
  expect(uploadIds.sort()).toHaveLength(2);
  for (const id of uploadIds) {
    const res = await page.request.get(`/api/admin/photos/${id}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/jpeg");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers()["cache-control"]).toBe("private, no-store");
    const bytes = await res.body();
    expect(await hasMetadata(bytes)).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2048);
  }

  // No session, no photo.
  const stranger = await browser.newContext({ baseURL: baseURL! });
  try {
    for (const path of [`/api/admin/photos/${uploadIds[0]}`, `/api/admin/photos/${uploadIds[0]}/thumb`]) {
      const res = await stranger.request.get(path);
      expect(res.status()).toBe(401);
      expect(res.headers()["content-type"]).toContain("application/json");
    }
  } finally {
    await stranger.close();
  }
});
