/**
 * The contact form on /contact-us. Server-rendered as a real
 * <form method="post" action="/api/contact"> so it works before hydration and without JavaScript;
 * once hydrated it checks the fields with the server's rules (./forms/checks.ts) and sends JSON.
 */
import { useRef } from "react";
import { contactRoute } from "../lib/contracts/public-routes";
import { limits } from "../lib/form-fields/limits";
import { checkContact } from "./forms/checks";
import { PersonFields, TextAreaField } from "./forms/fields";
import { FormFooter } from "./forms/FormFooter";
import { checkingLabel, useFormSubmit, type PhoneContact } from "./forms/use-form-submit";
import type { PhotoController } from "./photos/controller";
import { PhotoField } from "./photos/PhotoField";

export const contactMessages = {
  success: "Message sent successfully! We'll get back to you soon.",
  error: "There was an error submitting your form. Please try again.",
} as const;

const fieldOrder = ["name", "email", "phone", "message"] as const;

export interface ContactFormProps {
  readonly phone: PhoneContact;
  /** What happens after sending (src/lib/request-wording.ts, with the hours from the site config). */
  readonly nextSteps?: string;
}

export default function ContactForm({ phone, nextSteps }: ContactFormProps) {
  const id = (name: string) => `contact-${name}`;
  const photos = useRef<PhotoController | null>(null);
  const { onSubmit, onChange, busy, checking, errors, notice, formRef, honeypotRef, startedAtRef } =
    useFormSubmit({
      photos,
      endpoint: contactRoute,
      fieldOrder,
      check: checkContact,
      successMessage: contactMessages.success,
      nextSteps,
      errorMessage: contactMessages.error,
      phone,
    });

  return (
    <form
      ref={formRef}
      method="post"
      action={contactRoute.path}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      onChange={onChange}
      aria-busy={busy}
      aria-label="Contact form"
      className="relative grid gap-5"
    >
      <p className="text-sm text-slate-600">
        Fields marked <span className="text-danger-600">*</span> are required.
      </p>
      <PersonFields id={id} errors={errors} />
      <TextAreaField
        id={id("message")}
        name="message"
        label="Message"
        placeholder="Your message"
        rows={5}
        maxLength={limits.message}
        error={errors["message"]}
      />
      <PhotoField id={id("photos")} controller={photos} />
      <FormFooter
        idPrefix={id("guard")}
        honeypotRef={honeypotRef}
        startedAtRef={startedAtRef}
        busy={busy}
        idleLabel="Send Message"
        busyLabel={checking ? checkingLabel : "Sending..."}
        notice={notice}
        phone={phone}
      />
    </form>
  );
}
