/**
 * The booking form on /book-appointment. Server-rendered
 * as a real <form method="post" action="/api/bookings"> so it works before hydration and without
 * JavaScript; once hydrated it validates with the shared schema and sends JSON.
 */
import "./lib/zod-no-eval";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { bookingRoute } from "../lib/contracts/public-routes";
import { limits } from "../lib/schemas/limits";
import { bookingRequestSchema } from "../lib/schemas/submission";
import { serviceCatalog } from "../lib/service-catalog";
import { PersonFields, SelectField, TextAreaField } from "./forms/fields";
import { FormFooter } from "./forms/FormFooter";
import { useSubmission, type PhoneContact } from "./forms/use-submission";
import { Toaster } from "./Toaster";

type BookingInput = z.input<typeof bookingRequestSchema>;

export const bookingMessages = {
  success: "Appointment booked successfully! We'll contact you to confirm.",
  error: "There was an error submitting your form. Please try again.",
} as const;

const fieldOrder = ["name", "email", "phone", "address", "service", "message"] as const;
const serviceOptions = serviceCatalog.map((s) => ({ value: s.id, label: s.title }));

export interface BookingFormProps {
  readonly phone: PhoneContact;
}

export default function BookingForm({ phone }: BookingFormProps) {
  const id = (name: string) => `booking-${name}`;
  const form = useForm<BookingInput, unknown, z.output<typeof bookingRequestSchema>>({
    resolver: zodResolver(bookingRequestSchema),
    // No defaultValues on purpose: react-hook-form would write them into the inputs when it
    // registers them at hydration, wiping anything typed into the server-rendered form before the
    // island woke up (a slow phone). Without them it reads the inputs' current values instead, and
    // reset() falls back to the native form.reset(), which restores the HTML defaults.
    shouldFocusError: true,
  });
  const { register, formState } = form;
  const { errors, isSubmitting } = formState;
  const { onSubmit, notice, formRef, honeypotRef, startedAtRef } = useSubmission({
    form,
    endpoint: bookingRoute,
    fieldOrder,
    successMessage: bookingMessages.success,
    errorMessage: bookingMessages.error,
    phone,
  });

  return (
    <>
      <form
        ref={formRef}
        method="post"
        action={bookingRoute.path}
        onSubmit={onSubmit}
        aria-busy={isSubmitting}
        aria-label="Booking form"
        className="relative grid gap-5"
      >
        <p className="text-sm text-slate-600">
          Fields marked <span className="text-danger-600">*</span> are required.
        </p>
        <PersonFields
          id={id}
          registrations={{ name: register("name"), email: register("email"), phone: register("phone") }}
          errors={{ name: errors.name?.message, email: errors.email?.message, phone: errors.phone?.message }}
        />
        <TextAreaField
          id={id("address")}
          label="Address"
          autoComplete="street-address"
          placeholder="House number, street, town and postcode"
          rows={2}
          maxLength={limits.address}
          error={errors.address?.message}
          registration={register("address")}
        />
        <SelectField
          id={id("service")}
          label="Service Required"
          placeholder="Select a service"
          options={serviceOptions}
          error={errors.service?.message}
          registration={register("service")}
        />
        <TextAreaField
          id={id("message")}
          label="Job Description"
          placeholder="Please describe the job you need help with"
          rows={5}
          maxLength={limits.message}
          error={errors.message?.message}
          registration={register("message")}
        />
        <FormFooter
          idPrefix={id("guard")}
          honeypotRef={honeypotRef}
          startedAtRef={startedAtRef}
          busy={isSubmitting}
          idleLabel="Book Appointment"
          busyLabel="Booking..."
          notice={notice}
          phone={phone}
        />
      </form>
      <Toaster />
    </>
  );
}
