/**
 * `npm run push:keys`: prints a new VAPID key pair for web push, as the two environment variables
 * to set on Netlify (Site configuration → Environment variables). Keep the private key secret and
 * never commit it. Changing the pair later ends every device's subscription: each device turns
 * notifications on again from the admin's Notifications screen.
 */
import { newVapidKeys, vapidEnvLines } from "./lib/vapid";

for (const line of vapidEnvLines(newVapidKeys())) console.log(line);
