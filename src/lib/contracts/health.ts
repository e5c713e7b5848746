/** The site's own health check: whether the function and its database answer. No feature owns it. */
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { healthRoute } from "./public-routes";

export const healthEndpoints = {
  /** Whether the function and its database answer. */
  health: defineEndpoint({
    ...healthRoute,
    status: 200,
    response: z.object({ ok: z.literal(true), database: z.literal("up") }),
  }),
};
