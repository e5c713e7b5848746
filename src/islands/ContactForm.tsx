/**
 * The contact form on /contact-us. Server-rendered as a real
 * <form method="post" action="/api/contact"> so it works before hydration and without JavaScript;
 * once hydrated it validates with the shared schema and sends JSON.
 */
import "./lib/zod-no-eval";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import type * as z from "zod/mini";
import { contactRoute } from "../lib/contracts/public-routes";
import { limits } from "../lib/form-fields/limits";
import { contactMessageSchema } from "../features/requests/contract/forms";
import { PersonFields, TextAreaField } from "./forms/fields";
import { FormFooter } from "./forms/FormFooter";
import { useSubmission, type PhoneContact } from "./forms/use-submission";
import type { PhotoController } from "./photos/controller";
import { PhotoField } from "./photos/PhotoField";
import { Toaster } from "./Toaster";

type ContactInput = z.input<typeof contactMessageSchema>;

export const contactMessages = {
  success: "Message sent successfully! We'll get back to you soon.",
  error: "There was an error submitting your form. Please try again.",
} as const;

const fieldOrder = ["name", "email", "phone", "message"] as const;

export interface ContactFormProps {
  readonly phone: PhoneContact;
}

export default function ContactForm({ phone }: ContactFormProps) {
  const id = (name: string) => `contact-${name}`;
  const form = useForm<ContactInput, unknown, z.output<typeof contactMessageSchema>>({
    resolver: zodResolver(contactMessageSchema),
    // No defaultValues on purpose: react-hook-form would write them into the inputs when it
    // registers them at hydration, wiping anything typed into the server-rendered form before the
    // island woke up (a slow phone). Without them it reads the inputs' current values instead, and
    // reset() falls back to the native form.reset(), which restores the HTML defaults.
    shouldFocusError: true,
  });
  const { register, formState } = form;
  const { errors, isSubmitting } = formState;
  const photos = useRef<PhotoController | null>(null);
  const { onSubmit, notice, formRef, honeypotRef, startedAtRef } = useSubmission({
    photos,
    form,
    endpoint: contactRoute,
    fieldOrder,
    successMessage: contactMessages.success,
    errorMessage: contactMessages.error,
    phone,
  });

  return (
    <>
      <form
        ref={formRef}
        method="post"
        action={contactRoute.path}
        encType="multipart/form-data"
        onSubmit={onSubmit}
        aria-busy={isSubmitting}
        aria-label="Contact form"
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
          id={id("message")}
          label="Message"
          placeholder="Your message"
          rows={5}
          maxLength={limits.message}
          error={errors.message?.message}
          registration={register("message")}
        />
        <PhotoField id={id("photos")} controller={photos} />
        <FormFooter
          idPrefix={id("guard")}
          honeypotRef={honeypotRef}
          startedAtRef={startedAtRef}
          busy={isSubmitting}
          idleLabel="Send Message"
          busyLabel="Sending..."
          notice={notice}
          phone={phone}
        />
      </form>
      <Toaster />
    </>
  );
}
