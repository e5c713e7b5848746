import type { APIRoute } from "astro";
import { site } from "../config/site";

/** Web app manifest: name, colours and icons for "Add to Home Screen". */
export const GET: APIRoute = () =>
  new Response(
    JSON.stringify(
      {
        name: site.name,
        short_name: site.shortName,
        description: site.description,
        lang: "en-GB",
        start_url: "/",
        display: "browser",
        background_color: "#ffffff",
        theme_color: site.themeColor,
        icons: [
          { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
        ],
      },
      null,
      2,
    ),
    { headers: { "Content-Type": "application/manifest+json" } },
  );
