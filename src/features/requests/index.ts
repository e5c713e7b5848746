/**
 * The requests feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export { hasEmail, mailable, type MailableRequest } from "./mailable";
export {
  assignCustomer,
  clearIdempotencyKeys,
  type CustomerRequest,
  insert,
  requestColumns,
  toCustomerRequest,
} from "./repository";
export { phoneDigits, prefixQuery } from "./repository-search";
export {
  addHistory,
  anonymiseRequest,
  arrivedSince,
  countsByState,
  findMany,
  type HistoryEntry,
  listHistory,
  lockStates,
  overdue,
  removeRequests,
  type RequestRemoval,
  setArchived,
  setRead,
  setStates,
  staleQuotes,
} from "./repository-workflow";
export { listFailedDeliveries, retryFailedDeliveries, summary, withMailStatus } from "./service-admin";
export { exportCsv, exportFileName } from "./service-export";
export {
  type CreatedRequest,
  createRequestIn,
  type NewRequestDraft,
  newRequestEvent,
  type RequestExtension,
} from "./service-create";
export {
  type Accepted,
  acceptPublicPost,
  type FormRequestOptions,
  type PublicPost,
  requestPost,
  type StoredPost,
  submitContact,
} from "./service-forms";
export {
  type ActingContext,
  applyStateChange,
  findOne,
  invalidTransition,
  missingRequest,
} from "./service-state";
export {
  addNote,
  deleteNote,
  editNote,
  getRequest,
  history,
  listInbox,
  notes,
  staleQuoteDays,
  toFilter,
} from "./service-workflow";
export { requests } from "./tables";
