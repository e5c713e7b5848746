/**
 * The one error envelope every endpoint answers a failure with, whatever the status:
 * `{"error":{"code":"validation_failed","message":"…","fields":{"name":"…"}}}`.
 * `code` is stable for programs; `message` is written for the person; `fields` (field name → message)
 * only on a refusal about particular fields; `challenge` only on 428 `challenge_required`.
 */
import { z } from "zod";

export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** On 428 `challenge_required`: the proof-of-work challenge to solve and send back. */
    challenge: z
      .object({
        algorithm: z.string(),
        challenge: z.string(),
        maxnumber: z.number().int().optional(),
        salt: z.string(),
        signature: z.string(),
      })
      .optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
