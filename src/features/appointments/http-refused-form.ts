/**
 * The booking form as HTML for a refused post made without JavaScript: shown on the answer page
 * (src/platform/http/html-page.ts `htmlError`) with what was typed kept, each field with a problem
 * marked (`aria-invalid`, its message tied to it by `aria-describedby`, id `field-<name>` so the
 * page's summary links to it), posting to the same endpoint so one more trip can succeed.
 *
 * The static page cannot know today's dates, so here each preferred option's date is a select of
 * the dates bookable now (`bookableDates`), each with the windows that date offers, instead of a
 * date typed in. The server still re-checks every option when the form comes back.
 */
import { businessFact } from "../../lib/business-facts";
import { site } from "../../config/site";
import { escapeHtml } from "../../platform/http/html-page";
import type { RefusedForm } from "../../platform/http/public";
import { limits } from "../../lib/form-fields/limits";
import { honeypotField, startedAtField } from "../../lib/form-fields/spam-guard";
import { accessNotesMax } from "./service";
import type { BookableDate } from "./availability";
import { windowsSentence } from "./contract/rules";
import { windowName } from "./contract/windows";

/** "Any time" first: what an option asks for when the window is left alone. */
const windowIds = ["any", "morning", "afternoon"] as const;

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** A field's error paragraph and the attributes that mark its control. */
function marks(name: string, problem: string | undefined, hint?: string) {
  const errorId = `field-${name}-error`;
  const described = [hint, problem ? errorId : undefined].filter(Boolean).join(" ");
  return {
    attrs: `${problem ? ' aria-invalid="true"' : ""}${described ? ` aria-describedby="${described}"` : ""}`,
    error: problem ? `<p class="error" id="${errorId}">${escapeHtml(problem)}</p>` : "",
  };
}

const selected = (on: boolean) => (on ? " selected" : "");

type FormData = RefusedForm["data"];
type Problems = RefusedForm["fields"];

/** A labelled field (with its hint and error) and the controls that keep what was typed. */
function controlsFor(data: FormData, fields: Problems) {
  const field = (
    name: string,
    label: string,
    control: (attrs: string) => string,
    options: { required?: boolean; hint?: string } = {},
  ) => {
    const hintId = options.hint ? `field-${name}-hint` : undefined;
    const m = marks(name, fields[name], hintId);
    return `<div class="field"><label for="field-${name}">${escapeHtml(label)}${options.required ? " *" : ""}</label>${
      options.hint ? `<p class="hint" id="${hintId}">${escapeHtml(options.hint)}</p>` : ""
    }${control(m.attrs)}${m.error}</div>`;
  };
  const input = (name: string, type: string, autocomplete: string, max: number) => (attrs: string) =>
    `<input id="field-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" maxlength="${max}" required value="${escapeHtml(text(data[name]))}"${attrs}>`;
  const textarea =
    (name: string, rows: number, max: number, required = true) =>
    (attrs: string) =>
      `<textarea id="field-${name}" name="${name}" rows="${rows}" maxlength="${max}"${required ? " required" : ""}${attrs}>${escapeHtml(text(data[name]))}</textarea>`;
  return { field, input, textarea };
}

/** The service select, with the service that was chosen selected. */
function serviceSelect(data: FormData, services: readonly { slug: string; name: string }[]) {
  const service = text(data["service"]);
  return (attrs: string) =>
    `<select id="field-service" name="service" required${attrs}><option value="">Select a service</option>${services
      .map(
        (s) =>
          `<option value="${escapeHtml(s.slug)}"${selected(s.slug === service)}>${escapeHtml(s.name)}</option>`,
      )
      .join("")}</select>`;
}

/** Preferred option `n` (1 to 3): a select of the bookable dates and one of the arrival windows. */
function optionPair(n: number, data: FormData, fields: Problems, dates: readonly BookableDate[]) {
  const key = `option${n}`;
  const chosenDate = text(data[`${key}Date`]);
  const chosenWindow = text(data[`${key}Window`]) || "any";
  const problem = fields[key] ?? (n === 1 ? fields["preferredOptions"] : undefined);
  const m = marks(key, problem);
  const label = n === 1 ? "First choice" : n === 2 ? "Second choice (optional)" : "Third choice (optional)";
  const offered = dates.some((d) => d.date === chosenDate);
  const dateOptions = dates
    .map(
      (d) =>
        `<option value="${d.date}"${selected(d.date === chosenDate)}>${escapeHtml(d.label)}: ${escapeHtml(
          d.windows
            .filter((w) => w.window !== "any")
            .map((w) => w.label)
            .join(", ") || site.booking.anyTimeLabel,
        )}</option>`,
    )
    .join("");
  // A date typed on the static page that is no longer offered stays visible (and marked) so the
  // person sees what they asked for.
  const keep =
    chosenDate && !offered
      ? `<option value="${escapeHtml(chosenDate)}" selected>${escapeHtml(chosenDate)} (not available)</option>`
      : "";
  const windowOptions = windowIds
    .map(
      (w) =>
        `<option value="${w}"${selected(w === chosenWindow)}>${escapeHtml(capitalised(windowName(w)))}</option>`,
    )
    .join("");
  return `<div class="pair"><div class="field"><label for="field-${key}">${label}: date${n === 1 ? " *" : ""}</label><select id="field-${key}" name="${key}Date"${n === 1 ? " required" : ""}${m.attrs}><option value="">Choose a date</option>${keep}${dateOptions}</select>${m.error}</div><div class="field"><label for="field-${key}-window">${label}: arrival time</label><select id="field-${key}-window" name="${key}Window">${windowOptions}</select></div></div>`;
}

/**
 * `dates` are the dates bookable now. An option's window is offered per date; the window select
 * lists every window name (a date may offer fewer, which the server names if chosen).
 */
export function refusedBookingForm(
  refusal: RefusedForm,
  dates: readonly BookableDate[],
  services: readonly { slug: string; name: string }[],
  action = "/api/bookings",
): string {
  const { data, fields } = refusal;
  const { field, input, textarea } = controlsFor(data, fields);
  const options = [1, 2, 3].map((n) => optionPair(n, data, fields, dates));
  const photos = data["photos"];
  const photoIds = Array.isArray(photos) ? photos.map(text).join(",") : text(photos);
  const urgent = ["on", "true", "1", "yes"].includes(text(data["urgent"]));
  const windowsHint = dates.length
    ? `Each date lists the arrival windows it offers. ${windowsSentence()}`
    : `No dates can be booked online right now. Please call us on ${businessFact.phone}.`;

  return `<form method="post" action="${escapeHtml(action)}" aria-label="Booking form" novalidate>
<input type="hidden" name="${startedAtField}" value="${escapeHtml(text(data[startedAtField]) || "0")}">
<input type="hidden" name="${honeypotField}" value="">
${photoIds ? `<input type="hidden" name="photos" value="${escapeHtml(photoIds)}"><p class="hint">Your photos are kept and will be sent with the form.</p>` : ""}
${field("name", "Full Name", input("name", "text", "name", limits.name), { required: true })}
${field("email", "Email", input("email", "email", "email", limits.email), { required: true })}
${field("phone", "Phone", input("phone", "tel", "tel", limits.phone), { required: true })}
${field("address", "Address", textarea("address", 2, limits.address), { required: true, hint: "House number, street, town and postcode" })}
${field("service", "Service Required", serviceSelect(data, services), { required: true })}
${field("message", "Job Description", textarea("message", 5, limits.message), { required: true })}
<fieldset><legend>When suits you? *</legend><p class="hint">Give at least one date and arrival window, and up to three. ${escapeHtml(windowsHint)}</p>
${options.join("\n")}
</fieldset>
<div class="field"><label class="check"><input type="checkbox" name="urgent" value="on"${urgent ? " checked" : ""}> It's urgent</label></div>
${field("accessNotes", "Access notes (optional)", textarea("accessNotes", 3, accessNotesMax, false), { hint: "Parking, pets, a key safe, or anything else that helps us get to the job." })}
<button type="submit">Book Appointment</button>
</form>`;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
