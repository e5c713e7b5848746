/**
 * The gallery's image files (docs/decisions/058-gallery.md): every size of every published image,
 * made at build as AVIF and WebP from the stored JPEG and written into the build output, so the CDN
 * serves them as plain files (cached for a year: an image id never changes). Under `astro dev`
 * each is made when asked for.
 */
import type { APIRoute, GetStaticPaths } from "astro";
import { galleryImageFileAtBuild, siteAtBuild } from "../../../components/sections/site-at-build";
import {
  galleryFileNames,
  parseGalleryFileName,
} from "../../../features/site-content/contract/gallery-rules";

export const getStaticPaths = (async () => {
  const { gallery } = await siteAtBuild();
  const ids = gallery.flatMap((g) => g.images.map((i) => i.id));
  return galleryFileNames(ids).map((image) => ({ params: { image } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const file = parseGalleryFileName(params.image ?? "");
  const bytes = file ? await galleryImageFileAtBuild(file) : undefined;
  if (!file || !bytes) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": `image/${file.format}` },
  });
};
