/**
 * A name or a location holding a web address, a domain or an e-mail address is refused with a
 * clear message (it would be echoed into e-mails the site sends); people's names and places pass.
 */
import { describe, expect, it } from "vitest";
import { bookingRequestSchema, contactMessageSchema } from "../../src/features/requests/contract/forms";
import { testimonialInputSchema } from "../../src/features/reviews/contract/testimonial";
import { containsLink, noLinkMessages } from "../../src/lib/form-fields/text";

const honest = [
  "Morag Fraser",
  "Mary-Jane O'Neil",
  "Seán Ó Briain",
  "J. R. Hartley",
  "J.R. Hartley",
  "J.Smith",
  "Dr. Amir Hussain",
  "Callum Reid Jr.",
  "St Andrews",
  "St. Andrews",
  "St.Andrews",
  "Kirkcaldy, Fife",
  "Newport-on-Tay",
  "Eilidh Campbell & Co",
  "Zoë Müller-Łukasiewicz",
  "李小龍",
  "Flat 2/1, Dundee",
];

const links = [
  "WIN-£500-visit-evil.example/claim now",
  "https://evil.example",
  "hxxp://x.y and http://evil.test",
  "visit www.prizes",
  "Claim at prizes.com",
  "CLAIM AT PRIZES.COM",
  "bit.ly",
  "prize-draw.co.uk",
  "win.xyz now",
  "me@evil.example",
  "Contact winner@prizes.example today",
  "evil.example:8080",
  "evil\u2024com", // one-dot leader, folds to "."
  "evil\uff0ecom", // fullwidth full stop
];

describe("names and places without links", () => {
  it.each(honest)("lets %j through", (value) => {
    expect(containsLink(value)).toBe(false);
  });

  it.each(links)("finds the link in %j", (value) => {
    expect(containsLink(value)).toBe(true);
  });

  it("refuses a contact or booking name with a link, with a message on the name field", () => {
    const base = { email: "a@b.example", phone: "07700 900123", message: "Hello there" };
    const contact = contactMessageSchema.safeParse({
      ...base,
      name: "WIN-£500-visit-evil.example/claim now",
    });
    expect(contact.success).toBe(false);
    expect(contact.error?.issues).toEqual([
      expect.objectContaining({ path: ["name"], message: noLinkMessages.name }),
    ]);
    const booking = bookingRequestSchema.safeParse({
      ...base,
      name: "Win at prizes.com",
      address: "1 High St",
      service: "plumbing-heating",
    });
    expect(booking.error?.issues.map((i) => i.path[0])).toEqual(["name"]);
  });

  it("refuses a review whose name or location holds a link, and keeps the e-mail field's own rules", () => {
    const review = testimonialInputSchema.safeParse({
      name: "Prize team",
      location: "www.prizes.example",
      text: "Great service, would use again.",
      rating: 5,
    });
    expect(review.error?.issues).toEqual([
      expect.objectContaining({ path: ["location"], message: noLinkMessages.location }),
    ]);
    // The contact form's e-mail field is where an address belongs.
    expect(
      contactMessageSchema.safeParse({
        name: "Morag Fraser",
        email: "morag@example.com",
        phone: "07700 900123",
        message: "Please call me at morag@example.com or see www.example.com",
      }).success,
    ).toBe(true);
  });
});
