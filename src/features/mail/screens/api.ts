/**
 * The admin app's calls for e-mail delivery: the failed messages and retrying them.
 */
import { callApi } from "../../../lib/api/client";
import * as r from "../../../lib/contracts/admin-routes";
import { signedIn } from "../../../admin/api";

export const mailApi = {
  failedMail: async () => (await signedIn(callApi(r.listFailedMailRoute))).failed,
  retryMail: (ids?: number[]) => signedIn(callApi(r.retryMailRoute, { body: ids ? { ids } : {} })),
};
