/**
 * The short e-mails of the day of a visit (docs/decisions/040-on-the-day.md): the owner is on the
 * way, and a new estimate when he is running late. The arrival is the business's wall clock
 * (Europe/London, so "14:35" in summer and in winter alike) and the firm's phone number is in every
 * one, so the customer can call rather than reply.
 */
import { site } from "../../config/site";
import { formatTime } from "../../platform/time";
import { requestReference } from "../requests/contract/reference";
import type { FormType } from "../requests/contract/forms";
import { customerMessage, oneLine, type MailContext, type OutgoingMessage } from "../mail";
import { businessFact } from "../mail";
import { serviceNameOf } from "./mail";

export interface DayMailRequest {
  id: number;
  name: string;
  email: string;
  formType: FormType;
  address: string | null;
  service: string | null;
  /** The service's published name, when the caller has it. */
  serviceName?: string | undefined;
}

/** "2:35pm": the arrival on the business's clock, in the site's one clock style. */
export const arrivalTime = (eta: Date) => formatTime(eta);

/** What a request needs for the day's words; the e-mail also needs its address. */
export type DayWordsRequest = Omit<DayMailRequest, "email">;

/**
 * The day's words, the same in the e-mail and in the text message the owner sends a customer
 * without an e-mail address: a subject and the paragraphs.
 */
export function onTheWayWords(
  r: DayWordsRequest,
  eta: Date,
  options: { late: boolean },
): { subject: string; paragraphs: string[] } {
  const who = site.onTheDay.travellerName;
  const at = arrivalTime(eta);
  const job = serviceNameOf(r).toLowerCase();
  const ref = requestReference(r);
  const subject = options.late
    ? `Running late: ${who} now arriving around ${at}`
    : `${who} is on the way, arriving around ${at}`;
  const paragraphs = options.late
    ? [
        `Sorry, we are running late. ${who} is now arriving around ${at} for your ${job} job${r.address ? ` at ${oneLine(r.address, 300)}` : ""}.`,
        `If that no longer suits you, please call us on ${businessFact.phone}.`,
        `Your reference is ${ref}.`,
      ]
    : [
        `${who} is on the way to you for your ${job} job${r.address ? ` at ${oneLine(r.address, 300)}` : ""}, arriving around ${at}.`,
        `If you need to reach us before then, please call ${businessFact.phone}.`,
        `Your reference is ${ref}.`,
      ];
  return { subject, paragraphs };
}

/** The same words as one text message, signed with the business's name. */
export function onTheWayText(r: DayWordsRequest, eta: Date, options: { late: boolean }): string {
  return [...onTheWayWords(r, eta, options).paragraphs, site.name].join(" ");
}

/** "On my way" (`late` false) or "Running late" (`late` true), arriving around `eta`. */
export function onTheWayMessage(
  r: DayMailRequest,
  eta: Date,
  ctx: MailContext,
  options: { late: boolean },
): OutgoingMessage {
  const { subject, paragraphs } = onTheWayWords(r, eta, options);
  return customerMessage(
    options.late ? "appointment_running_late" : "appointment_on_my_way",
    r,
    subject,
    paragraphs,
    ctx,
    { offer: "message" },
  );
}
