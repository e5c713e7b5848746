/**
 * Registers the business's details in force as the source of the placeholders a function answer
 * holds (src/platform/http/business-facts.ts). Each function's file imports this module for its
 * effect, so every answer states the phone, e-mail and address the owner saved last.
 */
import { useBusinessFactSource } from "../../platform/http/business-facts";
import { addressOneLine, telHref } from "./contract/public-facts";
import { currentBusiness } from "./service";

useBusinessFactSource(async () => {
  const s = await currentBusiness();
  return {
    phone: s.phone,
    phoneHref: telHref(s.phone),
    email: s.email,
    address: addressOneLine(s.address),
    accountName: s.bank.accountName,
    sortCode: s.bank.sortCode,
    accountNumber: s.bank.accountNumber,
  };
});
