import type { APIRoute } from "astro";
import { site } from "../config/site";

/**
 * The admin's web app manifest (docs/decisions/034-push-notifications.md): installed on the owner's
 * Home Screen it opens /admin on its own, like an app, and on an iPhone that is what lets it show
 * notifications. Served at /admin.webmanifest, outside /admin/*, which the admin rewrite would turn
 * into the admin page.
 */
export const GET: APIRoute = () =>
  new Response(
    JSON.stringify(
      {
        id: "/admin",
        name: `${site.shortName} Admin`,
        short_name: "KH Admin",
        description: `Requests, quotes and notifications for ${site.name}.`,
        lang: "en-GB",
        start_url: "/admin",
        scope: "/admin",
        display: "standalone",
        background_color: "#f8fafc",
        theme_color: site.themeColor,
        icons: [
          { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      null,
      2,
    ),
    { headers: { "Content-Type": "application/manifest+json" } },
  );
