/**
 * The card on the customer's page about photos of their job on the website
 * (docs/decisions/065-gallery-editing-consent-withdrawal-and-full-preview.md): shown only when they
 * agreed to it. While the consent stands, one button withdraws it (the photos come off the website
 * at once); once withdrawn, the card says so and since when.
 */
import type { GalleryConsent } from "../site-content/contract";
import { escapeHtml as e } from "../../platform/http/html-page";
import { formatDate } from "../../platform/time";

export const withdrawPhotosAction = "withdraw-photos";

export function galleryConsentCard(
  consent: GalleryConsent | null | undefined,
  pageUrl: string,
  nonce: string,
): string {
  if (!consent) return "";
  const heading = `<h2 id="photos-h">Photos of this job on our website</h2>`;
  if (consent.withdrawnAt) {
    return `<section class="card" id="photos" aria-labelledby="photos-h">${heading}<p>You withdrew your consent on ${e(formatDate(new Date(consent.withdrawnAt)))}. We do not show photos of this job on our website.</p></section>`;
  }
  return `<section class="card" id="photos" aria-labelledby="photos-h">${heading}<p>On ${e(formatDate(new Date(consent.recordedAt)))} you agreed that we may show photos of this job on our website. You can withdraw your consent at any time: we then take the photos off the website straight away.</p><form method="post" action="${e(pageUrl)}#photos"><input type="hidden" name="nonce" value="${e(nonce)}"><p class="actions"><button class="button outline" type="submit" name="action" value="${withdrawPhotosAction}">Withdraw my consent</button></p></form></section>`;
}
