/**
 * The one source of the legal wording for quotes: the pre-contract information in the order the
 * customer's page shows it before the button, with the cancellation period's real end date, the
 * urgent-repair text in its place when the owner marked the quote so, the exact express-start
 * request and the button that states the amount.
 */
import { describe, expect, it } from "vitest";
import { site } from "../../src/config/site";
import { businessFact } from "../../src/lib/business-facts";
import {
  acceptButtonLabel,
  cancellationEndDate,
  cancellationReceivedText,
  expressStartRecord,
  expressStartText,
  onlineCancellationClosedText,
  quoteTermsSections,
  quoteTermsText,
  type QuoteTermsFacts,
} from "../../src/data/consumer-rights";

const facts: QuoteTermsFacts = {
  totalPence: 123_400,
  vatPence: 0,
  depositPence: 20_000,
  urgentRepair: false,
  acceptedOn: "2026-11-25",
  accepted: false,
  hasOptionalLines: true,
};

describe("quote wording", () => {
  it("words the button with the amount to pay, pence included", () => {
    expect(acceptButtonLabel(123_400)).toBe("Accept and agree to pay £1,234.00");
    expect(acceptButtonLabel(5)).toBe("Accept and agree to pay £0.05");
  });

  it("keeps the express-start request word for word", () => {
    expect(expressStartText).toBe(
      "Please start the work before my 14-day cancellation period ends. I understand that if I cancel I must pay for work done up to then, and that I lose the right to cancel once the work is finished",
    );
    expect(expressStartRecord(true)).toContain(expressStartText);
    expect(expressStartRecord(false)).not.toContain(expressStartText);
  });

  it("ends the cancellation period 14 days after the day of acceptance, across month and clock changes", () => {
    expect(cancellationEndDate("2026-11-25")).toBe("2026-12-09");
    expect(cancellationEndDate("2026-03-20")).toBe("2026-04-03");
    expect(cancellationEndDate("2026-10-20")).toBe("2026-11-03");
    expect(cancellationEndDate("2026-12-25")).toBe("2027-01-08");
  });

  it("gives every piece of pre-contract information in order, with the actual end date", () => {
    const headings = quoteTermsSections(facts).map((s) => s.heading);
    expect(headings).toEqual([
      "Who we are",
      "The work and its price",
      "Deposit and payment",
      "Your right to cancel",
      "If you want us to start sooner",
      "Complaints",
      "Model cancellation form",
    ]);
    const text = quoteTermsText(facts);
    for (const fact of [
      site.company.registeredName,
      site.address.postalCode,
      site.phone.display,
      site.email,
    ]) {
      expect(text).toContain(fact);
    }
    // With optional lines the terms name no figure that changes with the ticks (the totals do)...
    expect(text).toContain("The total price is shown above and on the button below");
    expect(text).toContain("A deposit, shown with the total above, is due once you accept");
    expect(quoteTermsText({ ...facts, totalPence: 150_000, depositPence: 30_000 })).toBe(text);
    // ...without them, the figures are in the terms.
    const fixed = quoteTermsText({ ...facts, hasOptionalLines: false });
    expect(fixed).toContain(
      "The total price for the work listed is £1,234.00. We are not registered for VAT",
    );
    expect(fixed).toContain("A deposit of £200.00 is due once you accept");
    expect(quoteTermsText({ ...facts, depositPence: null })).toContain("No deposit is needed.");
    expect(text).toContain(
      "If you accept today, your cancellation period ends at the end of Wednesday 9 December 2026.",
    );
    expect(text).not.toMatch(/<[a-z]/i);
    const accepted = quoteTermsText({
      ...facts,
      accepted: true,
      acceptedOn: "2026-11-20",
      optionalChosen: 2,
    });
    expect(accepted).toContain("until the end of Friday 4 December 2026");
    expect(accepted).toContain(
      "You agreed to pay £1,234.00 for the work listed, with the optional items you ticked.",
    );
  });

  it("says the optional items were ticked only when some were", () => {
    const none = quoteTermsText({ ...facts, accepted: true, optionalChosen: 0 });
    expect(none).not.toContain("optional items you ticked");
    expect(none).toContain(
      "You agreed to pay £1,234.00 for the work listed, without any of the optional items.",
    );
    const noOptions = quoteTermsText({ ...facts, accepted: true, hasOptionalLines: false });
    expect(noOptions).toContain("You agreed to pay £1,234.00 for the work listed. We are not registered");
  });

  it("on paper (a PDF or an e-mail) never points at a button or a box", () => {
    for (const accepted of [false, true]) {
      const paper = quoteTermsText({ ...facts, accepted, onPaper: true });
      expect(paper).not.toMatch(/\bbutton\b|\bbox\b/i);
    }
    expect(quoteTermsText({ ...facts, onPaper: true })).toContain(
      "The total price is the lines that are not optional, plus each optional item you choose",
    );
    // The page, which has both, still says where they are.
    expect(quoteTermsText(facts)).toMatch(/button below/);
  });

  it("names the trader it is given: a sole trader, with a VAT number on a VAT quote", () => {
    const trader = {
      legalName: "Jane Smith trading as Kingdom Handyman Services",
      companyLine: null,
      vatNumber: "GB123456789",
      vatRegistered: true,
      contact: {
        phone: "01592 000000",
        email: "jane@example.com",
        address: "1 High Street, Kirkcaldy KY1 1AA",
      },
      bank: { accountName: "Jane Smith", sortCode: "12-34-56", accountNumber: "12345678" },
    };
    const text = quoteTermsText({ ...facts, trader, vatPence: 20_567, hasOptionalLines: false });
    expect(text).toContain("WHO WE ARE\n\nJane Smith trading as Kingdom Handyman Services, ");
    expect(text).toContain("VAT registration number GB123456789.");
    expect(text).toContain("including VAT of £205.67");
    expect(text).toContain("To Jane Smith trading as Kingdom Handyman Services, ");
    expect(text).not.toContain(site.company.registeredName);
    expect(text).not.toContain("company number");
  });

  it("gives the model cancellation form in the words of Schedule 3, Part B", () => {
    const text = quoteTermsText(facts);
    const form = text.slice(text.indexOf("MODEL CANCELLATION FORM"));
    expect(form.split("\n").filter(Boolean)).toEqual([
      "MODEL CANCELLATION FORM",
      "(Complete and return this form only if you wish to withdraw from the contract)",
      `To ${site.company.registeredName}, ${site.address.streetAddress}, ${site.address.locality} ${site.address.postalCode}, phone ${site.phone.display}, e-mail ${site.email}:`,
      "I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the following goods [*]/for the supply of the following service [*],",
      "Ordered on [*]/received on [*],",
      "Name of consumer(s),",
      "Address of consumer(s),",
      "Signature of consumer(s) (only if this form is notified on paper),",
      "Date",
      "[*] Delete as appropriate",
    ]);
  });

  it("replaces the cancellation right with the urgent-repair text", () => {
    const sections = quoteTermsSections({ ...facts, urgentRepair: true });
    const headings = sections.map((s) => s.heading);
    expect(headings).toContain("No right to cancel: an urgent repair");
    expect(headings).not.toContain("Your right to cancel");
    expect(headings).not.toContain("If you want us to start sooner");
    expect(quoteTermsText({ ...facts, urgentRepair: true })).not.toContain("If you accept today");
  });

  it("says why online cancellation is closed and gives the phone as the published phone's placeholder", () => {
    const ended = onlineCancellationClosedText({ kind: "period-ended", endedOn: "2026-12-09" });
    expect(ended).toContain("ended at the end of Wednesday 9 December 2026");
    expect(ended).toContain(`please call us on ${businessFact.phone}.`);
    for (const reason of [
      { kind: "urgent-repair" },
      { kind: "work-finished", finishedOn: "2026-12-04" },
    ] as const) {
      expect(onlineCancellationClosedText(reason)).toContain(`call us on ${businessFact.phone}`);
      expect(onlineCancellationClosedText(reason)).not.toContain(site.phone.display);
    }
  });

  it("acknowledges a cancellation, saying what is owed after an early start", () => {
    expect(cancellationReceivedText({ receivedOn: "2026-11-30", expressStart: false })).toContain(
      "You owe us nothing",
    );
    expect(cancellationReceivedText({ receivedOn: "2026-11-30", expressStart: true })).toContain(
      "in proportion to the total price",
    );
  });
});
