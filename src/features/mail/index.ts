/**
 * The mail feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export { type MessageKind } from "./kinds";
export {
  customerConfirmationMessage,
  customerMessage,
  customerName,
  escapeHtml,
  mailButton,
  type MailContext,
  mailFallbackUrl,
  type NewRequestForMail,
  oneLine,
  type OutgoingMessage,
  pageOffer,
  type PageOffer,
  reviewInvitationMessage,
  wrapHtml,
} from "./messages";
export { businessFact } from "./business-facts";
export { enqueue } from "./service-enqueue";
export {
  countByStatus,
  listFailed,
  ownerStatusByRequest,
  releaseWithAttachments,
  retryFailed,
} from "./repository";
export {
  hashToken,
  invitePlaceholder,
  invoiceLinkPlaceholder,
  invoicePagePath,
  invoicePageUrl,
  linkPlaceholder,
  newToken,
  requestPagePath,
  requestPageUrl,
  tokenPattern,
  unusableTokenHash,
  withoutTokens,
} from "./request-link";
export {
  alertLimitReached,
  confirmationRules,
  deliverSoon,
  mailboxKey,
  mailContext,
  mailSender,
  queueRequestMail,
  queueReviewMail,
  queueSignInAlert,
  setMailSender,
} from "./service";
export { deliverDue } from "./service-delivery";
