/**
 * How the gallery's photos load on a built page (docs/decisions/072-gallery-first-screen.md), read
 * with an HTML parser: a rule on the HTML, so no machine's load can fool it.
 *
 *   galleryLoadingProblems(html, { firstScreen })  → a list of problems, empty when all is well
 *
 * Every gallery photo (an <img> whose src is under /media/gallery/) has width and height (no layout
 * shift), srcset and sizes, and an AVIF <source> with its own srcset and sizes. With
 * `firstScreen: true` (/our-work) the FIRST item's photos, the only ones a tablet or a desktop shows
 * in its first screen, load at once (not lazy) with fetchpriority="high", and every later photo is
 * lazy with no raised priority; with `firstScreen: false` (a service page, whose photos sit far down)
 * every photo is lazy and none has a raised priority.
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

/** What is wrong with one photo, given whether it should load at once. */
function photoProblems({ img, avif }, atOnce) {
  const problems = [];
  const loading = attr(img, "loading");
  const priority = attr(img, "fetchpriority");
  for (const name of ["width", "height"])
    if (!/^[1-9]\d*$/.test(attr(img, name) ?? "")) problems.push(`no ${name}`);
  for (const name of ["srcset", "sizes"]) {
    if (!attr(img, name)) problems.push(`no ${name}`);
    if (!avif || !attr(avif, name)) problems.push(`no AVIF <source> ${name}`);
  }
  if (atOnce && loading === "lazy") problems.push('loading="lazy" on a photo of the first screen');
  if (atOnce && priority !== "high") problems.push('no fetchpriority="high" on a photo of the first screen');
  if (!atOnce && loading !== "lazy") problems.push(`loading="${loading ?? "(none)"}" below the first screen`);
  if (!atOnce && priority === "high") problems.push('fetchpriority="high" below the first screen');
  return problems;
}

export function galleryLoadingProblems(html, { firstScreen }) {
  return galleryItems(html).flatMap((photos, index) =>
    photos.flatMap((photo) =>
      photoProblems(photo, firstScreen && index === 0).map(
        (p) => `gallery item ${index + 1}, ${attr(photo.img, "src")}: ${p}`,
      ),
    ),
  );
}

/** How many gallery photos the page shows (a check on an empty gallery checks nothing). */
export const galleryPhotoCount = (html) => galleryItems(html).flat().length;
