import { z } from "zod";

/**
 * What a booking carries beside the form's fields. A JSON post sends `preferredOptions: [{ date,
 * window }]`; a form posted without JavaScript sends `option1Date`/`option1Window` … instead. Both
 * are read, checked and re-checked against the diary by the service, which names the option that
 * fails, so here they are only accepted as sent.
 */
export const bookingExtrasFields = {
  preferredOptions: z.unknown().optional(),
  option1Date: z.string().optional(),
  option1Window: z.string().optional(),
  option2Date: z.string().optional(),
  option2Window: z.string().optional(),
  option3Date: z.string().optional(),
  option3Window: z.string().optional(),
  urgent: z.union([z.boolean(), z.string()]).optional(),
  accessNotes: z.unknown().optional(),
};
