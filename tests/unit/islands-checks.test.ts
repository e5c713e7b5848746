/**
 * The islands check the fields in the browser without zod (src/islands/forms/checks.ts); the server
 * checks them with the zod schemas. Both must refuse the same input with the same first message,
 * or a visitor would see one message in the browser and another from the server.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkBooking, checkContact, checkReview, type FormValues } from "../../src/islands/forms/checks";
import { bookingRequestSchema, contactMessageSchema } from "../../src/features/requests/contract/forms";
import { testimonialInputSchema } from "../../src/features/reviews/contract/testimonial";
import { messages } from "../../src/lib/form-fields/field-rules";

type Schema = {
  safeParse: (v: unknown) => {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
};

/** The server's first message per field, as the API's envelope reports it. */
function serverErrors(schema: Schema, values: FormValues): Record<string, string> {
  const result = schema.safeParse(values);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0]);
    out[key] ??= issue.message;
  }
  return out;
}

const goodContact = {
  name: "Morag Dunbar",
  email: "morag@example.com",
  phone: "07700 900123",
  message: "The kitchen tap drips.",
};
const goodBooking = {
  ...goodContact,
  address: "12 High Street, Kirkcaldy KY1 1AB",
  service: "plumbing-heating",
};

describe("the browser's checks agree with the server's schemas", () => {
  const names = [
    "Bob",
    "<b>Bob</b>",
    "José Ñúñez",
    "Mary-Jane O'Neill",
    "Zoë D’Arcy",
    "R2D2",
    "bob@example.com",
    "www.spam.com",
    " ",
    "Anne  Marie",
    "-Bob",
    "Ólafur",
    "李小龙",
    "Bob.",
  ];
  const addresses = [
    "x",
    "12 High Street",
    "Rose Cottage, Main Street",
    "KY1 1AB",
    "ky11ab",
    "High Street",
    "Flat 2",
    "1",
    "Rose Cottage\nKirk Wynd, Kirkcaldy",
    "",
    "Somewhere nice",
  ];
  const phones = ["07700 900123", "+44 7700 900123", "123", "0770O 900123", ""];
  const emails = ["a@b.co", "not-an-email", "", "morag@example.com"];

  it("the contact form: name, e-mail and phone variants", () => {
    for (const name of names)
      for (const phone of phones)
        for (const email of emails) {
          const values = { ...goodContact, name, phone, email };
          expect(checkContact(values), JSON.stringify(values)).toEqual(
            serverErrors(contactMessageSchema, values),
          );
        }
  });

  it("the booking form: address variants, and a date is required", () => {
    for (const address of addresses) {
      const values = { ...goodBooking, address };
      expect({ ...checkBooking({ ...values, option1Date: "2026-12-01" }) }, address).toEqual(
        serverErrors(bookingRequestSchema, values),
      );
    }
    expect(checkBooking(goodBooking)).toEqual({ option1Date: messages.preferredOptions.required });
    expect(checkBooking({ ...goodBooking, service: "", option1Date: "2026-12-01" })).toEqual({
      service: messages.service.required,
    });
    // Which services are offered is the published list's to say, so only the server refuses one
    // that is not (tests/integration/site-services.test.ts); the browser asks only for a choice.
    expect(checkBooking({ ...goodBooking, service: "roofing", option1Date: "2026-12-01" })).toEqual({});
  });

  it("any text in any field gets the same first message from both (property test)", () => {
    const text = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(...names, ...addresses, ...phones, ...emails),
    );
    fc.assert(
      fc.property(text, text, text, text, (name, phone, address, message) => {
        const values = { ...goodBooking, name, phone, address, message };
        const client = checkBooking({ ...values, option1Date: "2026-12-01" });
        const server = serverErrors(bookingRequestSchema, values);
        expect(client).toEqual(server);
      }),
      { numRuns: 500 },
    );
  });

  it("the review form", () => {
    for (const [field, value] of [
      ["name", "A"],
      ["name", "Fiona C."],
      ["location", "K"],
      ["location", "visit spam.com"],
      ["text", "short"],
      ["rating", "0"],
      ["rating", "6"],
      ["rating", "3"],
      ["rating", ""],
    ] as const) {
      const values = {
        name: "Fiona Campbell",
        location: "Kirkcaldy",
        text: "Lovely job on the kitchen.",
        rating: "5",
        [field]: value,
      };
      expect(checkReview(values), `${field}=${value}`).toEqual(serverErrors(testimonialInputSchema, values));
    }
    // No star chosen: both sides ask for one, with the same message.
    const unrated = { name: "Fiona Campbell", location: "Kirkcaldy", text: "Lovely job on the kitchen." };
    expect(checkReview(unrated)).toEqual({ rating: "Please choose a rating from 1 to 5 stars." });
    expect(serverErrors(testimonialInputSchema, unrated)).toEqual(checkReview(unrated));
  });
});

describe("the rules the homeowner asked for", () => {
  it("refuses an address of 'x' and markup in a name, with clear messages", () => {
    expect(serverErrors(bookingRequestSchema, { ...goodBooking, address: "x" })).toEqual({
      address: messages.address.findable,
    });
    expect(serverErrors(contactMessageSchema, { ...goodContact, name: "<b>Bob</b>" })).toEqual({
      name: messages.name.letters,
    });
  });
  it("takes accented names, hyphens, apostrophes and any of the three address forms", () => {
    for (const name of ["José Ñúñez", "Mary-Jane O'Neill", "Zoë D’Arcy"])
      expect(serverErrors(contactMessageSchema, { ...goodContact, name })).toEqual({});
    for (const address of ["12 High Street", "Rose Cottage, Main Street", "KY1 1AB"])
      expect(serverErrors(bookingRequestSchema, { ...goodBooking, address })).toEqual({});
  });
});
