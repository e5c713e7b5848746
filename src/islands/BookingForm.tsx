/**
 * The booking form on /book-appointment. Server-rendered as a real
 * <form method="post" action="/api/bookings"> so it works before hydration and without
 * JavaScript; once hydrated it checks the fields with the server's rules (./forms/checks.ts) and
 * sends JSON. The preferred dates and times, the urgent tick and the access notes are in
 * ./forms/PreferredOptions. The services listed are the published ones, passed in by the page at
 * build; `?service=<slug>` in the address (a service page's Book button) preselects that service.
 */
import { useEffect, useRef } from "react";
import { bookingRoute } from "../lib/contracts/public-routes";
import { limits } from "../lib/form-fields/limits";
import { bookingReceivedMessage } from "../lib/request-wording";
import { checkBooking, type FormValues } from "./forms/checks";
import { PersonFields, SelectField, TextAreaField } from "./forms/fields";
import { FormFooter } from "./forms/FormFooter";
import { collectOptions, PreferredOptions, type OfferedWindow } from "./forms/PreferredOptions";
import { checkingLabel, useFormSubmit, type PhoneContact } from "./forms/use-form-submit";
import type { PhotoController } from "./photos/controller";
import { PhotoField } from "./photos/PhotoField";

export const bookingMessages = {
  success: bookingReceivedMessage,
  error: "There was an error submitting your form. Please try again.",
} as const;

// Server errors on an option arrive as `option1`…; they show on that option's date field.
const fieldOrder = [
  "name",
  "email",
  "phone",
  "address",
  "service",
  "message",
  "option1Date",
  "option1",
  "preferredOptions",
  "option2",
  "option3",
  "accessNotes",
] as const;

/** The API's shape: the contact fields, the service, `preferredOptions: [{ date, window }]`. */
function toPayload(values: FormValues) {
  const text = (name: string) => (values[name] ?? "").trim();
  return {
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    service: text("service"),
    message: text("message"),
    preferredOptions: collectOptions(values),
    urgent: values["urgent"] === "on",
    accessNotes: text("accessNotes"),
  };
}

/** A service the form offers: its slug (the value sent) and its name. */
export interface ServiceOption {
  readonly value: string;
  readonly label: string;
}

/** The service named by `?service=` in the page's address, if it is one the form offers. */
export function serviceFromAddress(search: string, services: readonly ServiceOption[]): string | null {
  const wanted = new URLSearchParams(search).get("service");
  return services.some((s) => s.value === wanted) ? wanted : null;
}

export interface BookingFormProps {
  readonly phone: PhoneContact;
  /** What happens after sending (src/lib/request-wording.ts, with the hours from the site config). */
  readonly nextSteps?: string;
  /** The arrival windows by name, offered before a date is chosen. */
  readonly standardWindows: readonly OfferedWindow[];
  /** The windows' times in one sentence, made from the config by the page. */
  readonly windowsHint: string;
  /** The published services, in the owner's order. */
  readonly services: readonly ServiceOption[];
}

export default function BookingForm({
  phone,
  nextSteps,
  standardWindows,
  windowsHint,
  services,
}: BookingFormProps) {
  const id = (name: string) => `booking-${name}`;
  const photos = useRef<PhotoController | null>(null);
  const { onSubmit, onChange, busy, checking, errors, notice, formRef, honeypotRef, startedAtRef } =
    useFormSubmit({
      photos,
      endpoint: bookingRoute,
      fieldOrder,
      check: checkBooking,
      toPayload,
      successMessage: bookingMessages.success,
      nextSteps,
      errorMessage: bookingMessages.error,
      phone,
    });

  useEffect(() => {
    const service = serviceFromAddress(window.location.search, services);
    const select = formRef.current?.elements.namedItem("service");
    // Only an untouched choice: never overwrite what the visitor picked before the island woke up.
    if (service && select instanceof HTMLSelectElement && select.value === "") {
      select.value = service;
      select.querySelector(`option[value="${service}"]`)?.setAttribute("selected", "");
    }
  }, [formRef, services]);

  return (
    <form
      ref={formRef}
      method="post"
      action={bookingRoute.path}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      onChange={onChange}
      aria-busy={busy}
      aria-label="Booking form"
      className="relative grid gap-5"
    >
      <p className="text-sm text-slate-600">
        Fields marked <span className="text-danger-600">*</span> are required.
      </p>
      <PersonFields id={id} errors={errors} />
      <TextAreaField
        id={id("address")}
        name="address"
        label="Address"
        autoComplete="street-address"
        placeholder="House number, street, town and postcode"
        rows={2}
        maxLength={limits.address}
        error={errors["address"]}
      />
      <SelectField
        id={id("service")}
        name="service"
        label="Service Required"
        placeholder="Select a service"
        options={services}
        error={errors["service"]}
      />
      <TextAreaField
        id={id("message")}
        name="message"
        label="Job Description"
        placeholder="Please describe the job you need help with"
        rows={5}
        maxLength={limits.message}
        error={errors["message"]}
      />
      <PreferredOptions
        idPrefix="booking"
        errors={errors}
        phone={phone}
        standardWindows={standardWindows}
        windowsHint={windowsHint}
      />
      <PhotoField id={id("photos")} controller={photos} />
      <FormFooter
        idPrefix={id("guard")}
        honeypotRef={honeypotRef}
        startedAtRef={startedAtRef}
        busy={busy}
        idleLabel="Book Appointment"
        busyLabel={checking ? checkingLabel : "Booking..."}
        notice={notice}
        phone={phone}
      />
    </form>
  );
}
