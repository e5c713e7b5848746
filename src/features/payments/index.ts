/**
 * The payments feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export { cardPaymentsOn, checkoutOrigin, startCheckout } from "./service-checkout";
export { cardRefunds, paymentAlerts, refundToCard, resolvePaymentAlert } from "./service-refunds";
export { processStripeEvents } from "./service-webhook";
export { stripeClient } from "./stripe";
