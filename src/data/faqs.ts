/**
 * The six questions (response time, free estimates, licensed and insured,
 * areas served, guarantees, payment methods). Facts come from the site config.
 */
import { site } from "../config/site";
import { faqSchema, type Faq } from "./schemas";

function listInWords(items: readonly string[]): string {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const entries: Faq[] = [
  {
    topic: "response-time",
    question: "How quickly will you respond to my request?",
    answer: `We reply to every enquiry and booking request within ${site.response.replyWithinHours} hours, usually much sooner. ${site.response.emergencyNote}: if water is coming through a ceiling, phone us on ${site.phone.display} rather than sending a form.`,
  },
  {
    topic: "free-estimates",
    question: "Do you give free estimates?",
    answer:
      "Yes. Estimates are always free and carry no obligation. For most jobs we visit, take measurements and send you a written quote with the price, the materials and how long the work will take. There are no hidden fees: the price we quote is the price you pay unless you ask us to change the job.",
  },
  {
    topic: "licensed-insured",
    question: "Are you licensed and insured?",
    answer: `We carry ${site.insurance.publicLiability} public liability insurance, and we are happy to send you a copy of the certificate before we start. Gas and electrical work that needs certification is carried out by our Gas Safe registered and NICEIC approved partners, so everything is signed off properly.`,
  },
  {
    topic: "areas-served",
    question: "What areas do you serve?",
    answer: `We are based in ${site.address.locality} and cover everywhere within ${site.serviceArea.radiusMiles} miles of it, which takes in Edinburgh and the Lothians as well as Fife. We regularly work in ${listInWords(site.serviceArea.towns)}. If you are just outside the area, ask us anyway.`,
  },
  {
    topic: "guarantees",
    question: "Do you guarantee your work?",
    answer: `Every job comes with a ${site.guarantees.workmanshipMonths}-month workmanship guarantee and our ${site.guarantees.satisfaction} satisfaction promise. If something we did is not right, tell us and we will come back and put it right at no cost to you.`,
  },
  {
    topic: "payment",
    question: "What payment methods do you accept?",
    answer: `We accept ${listInWords(site.payment.methods.map((m) => m.toLowerCase()))}. ${site.payment.terms}`,
  },
];

export const faqs: readonly Faq[] = entries.map((entry) => faqSchema.parse(entry));
