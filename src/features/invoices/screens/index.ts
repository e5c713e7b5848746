/**
 * The invoices feature's admin screens that other features' screens show (docs/decisions/062-feature-public-faces.md).
 * A plain list of re-exports; the admin's routes load a screen file lazily instead, one chunk each.
 */
export { invoicesApi } from "./api";
export { InvoiceStatusBadge } from "./InvoiceStatusBadge";
export { PaymentPanelsProvider, type PaymentPanels } from "./payment-panels";
