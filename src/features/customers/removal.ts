/**
 * What goes and what stays when requests are deleted or anonymised
 * (src/features/requests/repository-workflow.ts takes it as a port, `RequestRemoval`): the
 * invoices keep the customer's details for the accounts, and a customer left with no request goes.
 * customers is the lowest feature that knows both (invoices sit below it); the owner's request
 * actions, the person tools and the retention job pass it.
 */
import type { RequestRemoval } from "../requests";
import { keepForAccounts } from "../invoices";
import { removeWithoutRequests } from "./repository";

export const requestRemoval: RequestRemoval = { keepForAccounts, removeWithoutRequests };
