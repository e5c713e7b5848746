/**
 * The six questions (response time, free estimates, licensed and insured,
 * areas served, guarantees, payment methods), as a fresh install seeds them into the Website
 * screen's drafts. Facts come from the site config; no answer names the phone, which the owner
 * changes in Business details (the pages give the published one beside the answers).
 */
import { listInWords, site, townNames } from "../config/site";
import { serviceCatalog } from "../lib/service-catalog";
import { faqSchema, type Faq } from "./content-shapes";

const titlesBy = (basis: string) =>
  serviceCatalog.filter((s) => s.basis === basis).map((s) => s.title.toLowerCase().replace(" & ", " and "));
const fixedQuoteTitles = titlesBy("fixed-quote");
const hourlyTitles = titlesBy("hourly");

const entries: Faq[] = [
  {
    topic: "response-time",
    question: "How quickly will you respond to my request?",
    answer: `We reply to every enquiry and booking request within ${site.response.replyWithinHours} hours, usually much sooner. ${site.response.emergencyNote}: if water is coming through a ceiling, phone us rather than sending a form.`,
  },
  {
    topic: "free-estimates",
    question: "Do you give free estimates?",
    answer: `Yes. Estimates are always free and carry no obligation. For most jobs (${fixedQuoteTitles.join(", ")}) we visit, take measurements and send you a fixed written quote with the price, the materials and how long the work will take: the price we quote is the price you pay unless you ask us to change the job. For ${listInWords(hourlyTitles)}, where the fault is often found only on site, labour is charged by the hour and parts at cost, and we agree the hourly rate and the likely time with you before any work starts. There are no hidden fees.`,
  },
  {
    topic: "licensed-insured",
    question: "Are you licensed and insured?",
    answer: `We carry ${site.insurance.publicLiability} public liability insurance, and we are happy to send you a copy of the certificate before we start. Gas and electrical work that needs certification is carried out by our ${site.accreditations.gasPartner} and ${site.accreditations.electricalPartner} partners, so everything is signed off properly.`,
  },
  {
    topic: "areas-served",
    question: "What areas do you serve?",
    answer: `We are based in ${site.address.locality} and cover everywhere within a ${site.serviceArea.radiusMiles}-mile radius of it, which takes in Edinburgh and the Lothians as well as Fife. We regularly work in ${listInWords(townNames)}. If you are just outside the area, ask us anyway.`,
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
