/** POST /api/contact: a contact message, as JSON or a classic form post (src/lib/contracts/public.ts). */
import type { Config } from "@netlify/functions";
import { site } from "../../src/config/site";
import { requestReference } from "../../src/features/requests/contract/reference";
import { contactNextSteps, referenceSentence } from "../../src/lib/request-wording";
import { requestEndpoints } from "../../src/features/requests/contract/endpoints";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import type { CustomerRequest } from "../../src/features/requests";
import { publicForm } from "../../src/platform/http/public";
import { photoIdsSchema } from "../../src/features/photos/contract/endpoints";
import { acceptingPhotoFiles } from "../../src/features/photos/http";
import { submitContact } from "../../src/features/requests";

/** The contract plus `photos`: ids of uploads to attach (docs/decisions/017-photos.md). */
const withPhotos = {
  ...requestEndpoints.contact,
  request: requestEndpoints.contact.request.extend({ photos: photoIdsSchema }),
};

export default apiHandler("/api/contact", [
  acceptingPhotoFiles(
    publicForm(withPhotos, {
      formPage: "/contact-us",
      accept: submitContact,
      reply: (row: CustomerRequest) => ({
        id: row.id,
        reference: requestReference({ id: row.id, formType: "contact" }),
      }),
      page: (row: CustomerRequest) => ({
        title: "Message sent",
        heading: "Message sent successfully!",
        message: `We'll get back to you soon. ${referenceSentence(requestReference({ id: row.id, formType: "contact" }))} ${contactNextSteps(site.response.replyWithinHours)}`,
        back: { href: "/", label: "Back to the home page" },
      }),
    }),
  ),
]);

// No `method` here: other methods must reach the handler to get 405 with Allow.
export const config: Config = { path: "/api/contact" };
