/**
 * The invoices feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export {
  expiredRecords,
  findInvoice,
  forgetEmail,
  hasOpenInvoice,
  type InvoiceRecord,
  issuedNumbersByRequest,
  keepForAccounts,
  removeExpiredRecords,
} from "./repository";
export {
  addPayment,
  createCreditNote,
  createInvoice,
  deleteInvoice,
  getInvoice,
  invoicePdfFile,
  issueInvoice,
  listInvoices,
  recordPdf,
  removePayment,
  requestInvoices,
  sendInvoice,
  updateInvoice,
} from "./service";
export { invoiceForLinkPage, invoicesForCustomerPage } from "./service-customer";
export { exportFileName, invoicesCsv, paymentsCsv, vatSummary } from "./service-export";
export { moneySummary } from "./service-money";
export { listAccountCredits, recordRefundPaid } from "./service-overpayments";
export { runInvoiceReminders } from "./service-scheduled";
