/**
 * How the gallery's photos load on a built page (docs/decisions/072-gallery-first-screen.md), read
 * with an HTML parser: a rule on the HTML, so no machine's load can fool it.
 *
 *   galleryLoadingProblems(html, { firstScreen })  → a list of problems, empty when all is well
 *
 * Every gallery photo (an <img> whose src is under /media/gallery/) has width and height (no layout
 * shift), srcset and sizes, and an AVIF <source> with its own srcset and sizes; it is lazy, has no
 * raised priority of its own, and carries the `gallery-photo` class that keeps a phone from
 * fetching it before the first paint (079-gallery-after-first-paint.md). With `firstScreen: true` (/our-work) each photo of the FIRST item, the
 * only ones a tablet or a desktop shows in its first screen, is also asked for from the <head>: a
 * <link rel="preload" as="image" type="image/avif" fetchpriority="high"> with a `media` query (a
 * phone, where the photo starts below the first screen, fetches nothing ahead of the heading) and
 * the AVIF source's srcset and sizes, so the card finds the same file. No other photo is preloaded,
 * and a service page (whose photos sit far down) preloads none.
 */
import { parse } from "parse5";

const attr = (node, name) => node.attrs?.find((a) => a.name === name)?.value;

function* elements(node) {
  for (const child of node.childNodes ?? []) {
    if (child.tagName) yield child;
    yield* elements(child.content ?? child);
  }
}

/** Each gallery item (its <li>) with its photos' <img> and their <picture>'s AVIF <source>. */
function galleryItems(html) {
  const items = [];
  for (const li of elements(parse(html))) {
    if (li.tagName !== "li") continue;
    const photos = [];
    for (const picture of elements(li)) {
      if (picture.tagName !== "picture") continue;
      const inside = [...elements(picture)];
      const img = inside.find((e) => e.tagName === "img" && attr(e, "src")?.startsWith("/media/gallery/"));
      if (img) photos.push({ img, avif: inside.find((e) => attr(e, "type") === "image/avif") });
    }
    if (photos.length) items.push(photos);
  }
  return items;
}

/** The <head>'s image preloads of gallery photos. */
function galleryPreloads(html) {
  return [...elements(parse(html))].filter(
    (e) =>
      e.tagName === "link" &&
      attr(e, "rel") === "preload" &&
      (attr(e, "imagesrcset") ?? attr(e, "href") ?? "").includes("/media/gallery/"),
  );
}

/** What is wrong with one photo, given whether it is in the first screen (and its preload, if any). */
function photoProblems({ img, avif }, firstScreen, preload) {
  const problems = [];
  for (const name of ["width", "height"])
    if (!/^[1-9]\d*$/.test(attr(img, name) ?? "")) problems.push(`no ${name}`);
  for (const name of ["srcset", "sizes"]) {
    if (!attr(img, name)) problems.push(`no ${name}`);
    if (!avif || !attr(avif, name)) problems.push(`no AVIF <source> ${name}`);
  }
  if (attr(img, "loading") !== "lazy")
    problems.push(`loading="${attr(img, "loading") ?? "(none)"}", not lazy`);
  if (attr(img, "fetchpriority") === "high") problems.push('fetchpriority="high" on the <img>');
  // On a phone the photo waits for the first paint (docs/decisions/079-gallery-after-first-paint.md).
  if (!(attr(img, "class") ?? "").split(/\s+/).includes("gallery-photo"))
    problems.push("no gallery-photo class (a phone would fetch it before the first paint)");
  if (!firstScreen && preload) problems.push("preloaded, though below the first screen");
  if (firstScreen && !preload) problems.push("a photo of the first screen with no preload in the <head>");
  if (firstScreen && preload) {
    const wanted = {
      as: "image",
      type: "image/avif",
      fetchpriority: "high",
      imagesizes: attr(avif ?? img, "sizes"),
    };
    for (const [name, value] of Object.entries(wanted))
      if (attr(preload, name) !== value) problems.push(`its preload's ${name} is not "${value}"`);
    if (!attr(preload, "media"))
      problems.push("its preload has no media query (a phone would fetch it first)");
  }
  return problems;
}

export function galleryLoadingProblems(html, { firstScreen }) {
  const preloads = galleryPreloads(html);
  const preloadOf = (photo) =>
    preloads.find((l) => photo.avif && attr(l, "imagesrcset") === attr(photo.avif, "srcset"));
  const items = galleryItems(html);
  const matched = new Set(items.flat().map(preloadOf).filter(Boolean));
  return [
    ...items.flatMap((photos, index) =>
      photos.flatMap((photo) =>
        photoProblems(photo, firstScreen && index === 0, preloadOf(photo)).map(
          (p) => `gallery item ${index + 1}, ${attr(photo.img, "src")}: ${p}`,
        ),
      ),
    ),
    ...preloads
      .filter((l) => !matched.has(l))
      .map(
        (l) =>
          `a preload of a gallery photo the page does not show: ${attr(l, "imagesrcset") ?? attr(l, "href")}`,
      ),
  ];
}

/** How many gallery photos the page shows (a check on an empty gallery checks nothing). */
export const galleryPhotoCount = (html) => galleryItems(html).flat().length;
