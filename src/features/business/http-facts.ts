/**
 * Registers the business's details as the source of the placeholders a function answer holds
 * (src/platform/http/business-facts.ts). Each function's file imports this module for its effect,
 * so every answer states the phone, e-mail and address the live website states
 * (docs/decisions/071-published-facts-everywhere.md), as the e-mails do.
 */
import { useBusinessFactSource } from "../../platform/http/business-facts";
import { businessFactValues } from "./service-facts";

useBusinessFactSource(() => businessFactValues());
