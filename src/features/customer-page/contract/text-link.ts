/**
 * A private link for a customer without an e-mail address, with a one-line message the owner can
 * paste into a text (docs/decisions/051-phone-only-customers-and-paid-papers.md).
 */
import { z } from "zod";
import { defineEndpoint } from "../../../lib/contracts/endpoint";
import * as routes from "../../../lib/contracts/admin-routes";

/** What the message is about: it decides its words, never what the link opens (the request's page). */
export const textLinkTopics = ["quote", "invoice", "visit", "page"] as const;
export type TextLinkTopic = (typeof textLinkTopics)[number];

export const textLinkRequestSchema = z.object({
  about: z.enum(textLinkTopics),
  /** The quote's or invoice's number as printed (KH-Q-0003), named in the message. */
  reference: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9/-]{0,29}$/, "Give the number as printed on the paper.")
    .optional(),
});
export type TextLinkRequest = z.infer<typeof textLinkRequestSchema>;

export const textLinkSchema = z.object({
  /** The private link itself (shown once; only its hash is kept). */
  url: z.string(),
  /** One line for a text message: the business's name, what it is about, the link. */
  message: z.string(),
});
export type TextLink = z.infer<typeof textLinkSchema>;

export const textLinkEndpoints = {
  /**
   * A new private link to the request's page for the owner to text to a customer (201); 409
   * link_would_not_work when the request is closed past the links' lifetime or is spam.
   */
  makeTextLink: defineEndpoint({
    ...routes.makeTextLinkRoute,
    status: 201,
    request: textLinkRequestSchema,
    response: z.object({ link: textLinkSchema }),
  }),
};
