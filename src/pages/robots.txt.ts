import type { APIRoute } from "astro";
import { site } from "../config/site";

/** robots.txt: everything public may be crawled; the admin area may not. */
export const GET: APIRoute = ({ site: astroSite }) => {
  const sitemap = new URL("/sitemap-index.xml", astroSite ?? site.defaultUrl).href;
  return new Response(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${sitemap}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
};
