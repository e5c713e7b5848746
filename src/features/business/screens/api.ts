/**
 * The admin app's calls to the business details endpoint, on the one API client
 * (src/lib/api/client.ts), with the session rule of src/admin/api.ts.
 */
import { callApi } from "../../../lib/api/client";
import * as r from "../../../lib/contracts/admin-routes";
import type { BusinessPatch } from "../contract/endpoints";
import { signedIn } from "../../../admin/api";

export type { BusinessAuditEntry, BusinessDetails, BusinessPatch } from "../contract/endpoints";

export const businessApi = {
  get: () => signedIn(callApi(r.getBusinessSettingsRoute)),
  update: (body: BusinessPatch) => signedIn(callApi(r.updateBusinessSettingsRoute, { body })),
};
