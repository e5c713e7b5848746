/**
 * The browser tests' Stripe: the Stripe-compatible test server (tests/helpers/stripe-server.ts) on a
 * fixed loopback port, started by playwright.config.ts before the site. Paying on its checkout page
 * sends the customer back to the site and, a moment later, the signed event to the site's webhook,
 * as Stripe does.
 *
 *   npx tsx tests/e2e/stripe-host.ts <port> <webhook URL> <webhook secret>
 */
import { startStripeServer } from "../helpers/stripe-server";

const [port, webhookUrl, webhookSecret] = process.argv.slice(2);
if (!port || !webhookUrl || !webhookSecret) {
  console.error("usage: stripe-host.ts <port> <webhook URL> <webhook secret>");
  process.exit(2);
}
// Five seconds: the customer is surely back on the page, even on a busy machine, before it arrives.
const server = await startStripeServer({
  port: Number(port),
  webhookUrl,
  webhookSecret,
  webhookDelayMs: 5_000,
});
console.log(`Stripe test server on ${server.origin}`);
