/**
 * The forms' server-rendered HTML is what a visitor without JavaScript (or before hydration) gets:
 * it must be a complete, postable form with the spec's fields.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import BookingForm from "../../src/islands/BookingForm";
import { windowsSentence } from "../../src/features/appointments/contract/rules";
import { windowName } from "../../src/features/appointments/contract/windows";
import ContactForm from "../../src/islands/ContactForm";
import ReviewForm from "../../src/islands/ReviewForm";

const phone = { display: "0131 496 0472", href: "tel:+441314960472" };
// The page passes the published services; any list shows as given, in its order.
const services = [
  { value: "gutter-clearing", label: "Gutter Clearing & Repairs" },
  { value: "paint-wallpaper", label: "Paint & Wallpaper" },
];

function parse(html: string) {
  // A tiny structural reader is enough here: the browser tests cover behaviour.
  const tag = (name: string) => [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "g"))].map((m) => m[0]);
  return { inputs: tag("input"), textareas: tag("textarea"), selects: tag("select"), forms: tag("form") };
}

describe("forms without JavaScript", () => {
  it("renders the booking form as a real POST to /api/bookings with every named field", () => {
    const html = renderToString(
      <BookingForm
        phone={phone}
        standardWindows={(["any", "morning", "afternoon"] as const).map((window) => ({
          window,
          label: windowName(window),
        }))}
        windowsHint={windowsSentence()}
        services={services}
      />,
    );
    const { inputs, textareas, selects, forms } = parse(html);
    expect(forms[0]).toMatch(/method="post"/);
    expect(forms[0]).toMatch(/action="\/api\/bookings"/);
    // Before a date is chosen the windows are named and their times given for each kind of day,
    // from the config, so a Saturday afternoon is never promised until 5pm when Saturday closes at 4pm.
    expect(html).toContain(
      "Arrival windows: morning (8am to 12pm; Saturday 9am to 12pm) and afternoon (12pm to 5pm; Saturday 12pm to 4pm).",
    );
    expect(html).toContain(">Afternoon</option>");
    expect(html).not.toMatch(/12pm to 5pm\)?</);
    for (const [name, type, autocomplete] of [
      ["name", "text", "name"],
      ["email", "email", "email"],
      ["phone", "tel", "tel"],
    ] as const) {
      const input = inputs.find((i) => i.includes(`name="${name}"`));
      expect(input, name).toBeDefined();
      expect(input).toContain(`type="${type}"`);
      expect(input).toContain(`autoComplete="${autocomplete}"`);
      expect(input).toContain("required");
    }
    // A multi-line address: HTML allows autocomplete="street-address" on a textarea, not an input.
    const address = textareas.find((t) => t.includes('name="address"'));
    expect(address).toContain('autoComplete="street-address"');
    expect(address).toContain("required");
    const message = textareas.find((t) => t.includes('name="message"'));
    expect(message).toContain('rows="5"');
    expect(message).toContain('placeholder="Please describe the job you need help with"');
    expect(selects[0]).toContain('name="service"');
    expect(html).toContain('<option value="">Select a service</option>');
    const listed = [...html.matchAll(/<option value="([a-z-]+)">([^<]*)<\/option>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(listed.filter(([v]) => !["any", "morning", "afternoon"].includes(v!))).toEqual(
      services.map((s) => [s.value, s.label.replace("&", "&amp;")]),
    );
    expect(inputs.some((i) => i.includes('name="website"') && i.includes('tabindex="-1"'))).toBe(true);
    expect(inputs.some((i) => i.includes('name="formStartedAt"') && i.includes('type="hidden"'))).toBe(true);
    expect(html).toContain("Job Description");
    expect(html).toContain("Book Appointment");
  });

  it("renders the contact form as a real POST to /api/contact", () => {
    const html = renderToString(<ContactForm phone={phone} />);
    const { forms, textareas } = parse(html);
    expect(forms[0]).toMatch(/method="post"/);
    expect(forms[0]).toMatch(/action="\/api\/contact"/);
    expect(textareas[0]).toContain('placeholder="Your message"');
    expect(textareas[0]).toContain('rows="5"');
    expect(html).toMatch(/<label[^>]*>Message<span aria-hidden="true"[^>]*>\*<\/span><\/label>/);
  });

  it("renders the review form inside a 'Leave a Review' disclosure with no star checked and a rating required", () => {
    const html = renderToString(<ReviewForm phone={phone} />);
    const { forms, inputs, textareas } = parse(html);
    expect(html).toMatch(/<details[^>]*>\s*<summary/);
    expect(html).toContain("Leave a Review");
    expect(forms[0]).toMatch(/action="\/api\/testimonials"/);
    const radios = inputs.filter((i) => i.includes('type="radio"'));
    expect(radios).toHaveLength(5);
    // An untouched form must not send a rating the visitor never gave: nothing is checked, and the
    // browser refuses to send the form (even without JavaScript) until one is.
    expect(radios.filter((r) => /\schecked(=|\s|>|\/)/.test(r))).toEqual([]);
    expect(radios.every((r) => /\srequired(=|\s|>|\/)/.test(r))).toBe(true);
    expect(textareas[0]).toContain('name="text"');
  });
});
