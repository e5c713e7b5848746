/**
 * The owner's price list: usual items and labour rates a quote's lines are filled from
 * (docs/decisions/029-quotes.md).
 *
 *   GET    /api/admin/price-list       { items, settings }
 *   POST   /api/admin/price-list       a new item                     → 201 { item }
 *   PATCH  /api/admin/price-list/:id   change an item                 → { item }
 *   DELETE /api/admin/price-list/:id   remove an item                 → 204
 */
import type { Config } from "@netlify/functions";
import { quoteEndpoints } from "../../src/features/quotes/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import * as quotes from "../../src/features/quotes";

export default apiHandler("/api/admin/price-list", [
  adminAction(quoteEndpoints.listPriceList, ({ ctx }) => quotes.listPriceList(ctx)),
  adminAction(quoteEndpoints.addPriceListItem, async ({ body, ctx }) => ({
    item: await quotes.addPriceListItem(body, ctx),
  })),
  adminAction(quoteEndpoints.updatePriceListItem, async ({ id, body, ctx }) => ({
    item: await quotes.updatePriceListItem(id, body, ctx),
  })),
  adminAction(quoteEndpoints.deletePriceListItem, ({ id, ctx }) => quotes.deletePriceListItem(id, ctx)),
]);

export const config: Config = { path: ["/api/admin/price-list", "/api/admin/price-list/:id"] };
