/**
 * A customer's PDF download through a private link: never cached, never indexed, and the link's
 * token never sent on as a referrer.
 */
import { apiSecurityHeaders } from "../../platform/http/response";

export function customerPdfResponse(file: { bytes: Uint8Array; fileName: string }): Response {
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex, nofollow",
      ...apiSecurityHeaders,
    },
  });
}
