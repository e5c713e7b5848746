/**
 * The booking form on /book-appointment. Server-rendered
 * as a real <form method="post" action="/api/bookings"> so it works before hydration and without
 * JavaScript; once hydrated it validates with the shared schema and sends JSON. The preferred
 * dates and times, the urgent tick and the access notes are in ./forms/PreferredOptions.
 */
import "./lib/zod-no-eval";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRef } from "react";
import { useForm, type Resolver } from "react-hook-form";
import type * as z from "zod/mini";
import { bookingRoute } from "../lib/contracts/public-routes";
import { limits } from "../lib/form-fields/limits";
import { bookingRequestSchema } from "../features/requests/contract/forms";
import { serviceCatalog } from "../lib/service-catalog";
import { PersonFields, SelectField, TextAreaField } from "./forms/fields";
import { FormFooter } from "./forms/FormFooter";
import { collectOptions, PreferredOptions, type OptionValues } from "./forms/PreferredOptions";
import { useSubmission, type PhoneContact } from "./forms/use-submission";
import type { PhotoController } from "./photos/controller";
import { PhotoField } from "./photos/PhotoField";
import { Toaster } from "./Toaster";

type BookingInput = z.input<typeof bookingRequestSchema> & OptionValues;
type BookingOutput = z.output<typeof bookingRequestSchema> & {
  preferredOptions: { date: string; window: string }[];
  urgent: boolean;
  accessNotes: string;
};

const noOption = "Please choose at least one date and time that suits you.";
const baseResolver = zodResolver(bookingRequestSchema) as unknown as Resolver<BookingInput>;

/**
 * The shared schema for the contact fields, plus at least one preferred option; the answer sent is
 * the API's shape (`preferredOptions: [{ date, window }]`). Whether a date can be booked is the
 * server's answer (it knows today's diary).
 */
const resolver: Resolver<BookingInput, unknown, BookingOutput> = async (values, context, options) => {
  const base = await baseResolver(values, context, options);
  const preferredOptions = collectOptions(values);
  const errors = { ...base.errors } as Record<string, unknown>;
  if (preferredOptions.length === 0) errors["option1Date"] = { type: "required", message: noOption };
  if (Object.keys(errors).length > 0) return { values: {}, errors } as never;
  return {
    values: {
      ...(base.values as z.output<typeof bookingRequestSchema>),
      preferredOptions,
      urgent: Boolean(values.urgent),
      accessNotes: (values.accessNotes ?? "").trim(),
    },
    errors: {},
  };
};

export const bookingMessages = {
  success: "Appointment booked successfully! We'll contact you to confirm.",
  error: "There was an error submitting your form. Please try again.",
} as const;

// Server errors on an option arrive as `option1`…; they show on that option's date field.
const fieldOrder = [
  "name",
  "email",
  "phone",
  "address",
  "service",
  "option1Date",
  "option1",
  "preferredOptions",
  "option2",
  "option3",
  "accessNotes",
  "message",
] as unknown as readonly (keyof BookingInput & string)[];
const serviceOptions = serviceCatalog.map((s) => ({ value: s.id, label: s.title }));

export interface BookingFormProps {
  readonly phone: PhoneContact;
}

export default function BookingForm({ phone }: BookingFormProps) {
  const id = (name: string) => `booking-${name}`;
  const form = useForm<BookingInput, unknown, BookingOutput>({
    resolver,
    // No defaultValues on purpose: react-hook-form would write them into the inputs when it
    // registers them at hydration, wiping anything typed into the server-rendered form before the
    // island woke up (a slow phone). Without them it reads the inputs' current values instead, and
    // reset() falls back to the native form.reset(), which restores the HTML defaults.
    shouldFocusError: true,
  });
  const { register, formState, watch } = form;
  const { errors, isSubmitting } = formState;
  const photos = useRef<PhotoController | null>(null);
  const { onSubmit, notice, formRef, honeypotRef, startedAtRef } = useSubmission({
    photos,
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
        encType="multipart/form-data"
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
        <PreferredOptions
          idPrefix="booking"
          register={register}
          watch={watch}
          errors={errors}
          phone={phone}
        />
        <PhotoField id={id("photos")} controller={photos} />
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
