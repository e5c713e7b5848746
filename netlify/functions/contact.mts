/** POST /api/contact: a contact message, as JSON or a classic form post (src/lib/contracts/public.ts). */
import type { Config } from "@netlify/functions";
import { publicEndpoints } from "../../src/lib/contracts/public";
import { apiHandler } from "../../src/server/http/endpoint";
import { publicForm } from "../../src/server/http/public";
import { submitContact } from "../../src/server/services/public-forms";

export default apiHandler("/api/contact", [
  publicForm(publicEndpoints.contact, {
    formPage: "/contact-us",
    accept: submitContact,
    reply: (row) => ({ id: row.id }),
    page: {
      title: "Message sent",
      heading: "Message sent successfully!",
      message: "We'll get back to you soon, usually within 24 hours.",
      back: { href: "/", label: "Back to the home page" },
    },
  }),
]);

// No `method` here: other methods must reach the handler to get 405 with Allow.
export const config: Config = { path: "/api/contact" };
