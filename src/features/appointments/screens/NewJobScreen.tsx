/**
 * A job the owner adds by hand (/admin/jobs/new; docs/decisions/037-jobs-by-hand.md): how it came
 * in (a phone call by default), the customer (a phone number or an e-mail address, at least one),
 * the address, the service and what needs doing, optionally a visit booked at once, and whether the
 * customer is e-mailed the confirmation with their private link. The address bar can fill it in:
 * `?date=` from the schedule's free day, `?name=&phone=&email=&address=&source=repeat` from a
 * customer's screen. A refused save keeps every word typed; a day customers cannot book is refused
 * with the reason and an override reason field; the same tap twice makes one job (Idempotency-Key).
 */
import { useNavigate, useSearch } from "@tanstack/react-router";
import { CalendarPlus, PhoneCall } from "lucide-react";
import { useId, useRef, useState, type SubmitEvent } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../admin/api";
import { Button, FormProblem, buttonClass } from "../../../admin/components/ui";
import { requestChanged } from "../../../admin/query";
import { appointmentsApi } from "./api";
import { useServices } from "../../site-content/screens";
import { ownerSources, type OwnerSource } from "../../requests/contract/states";
import type { OwnerJobInput } from "../contract/owner-job";
import {
  CustomerFields,
  SendConfirmation,
  SourcePicker,
  VisitFields,
  WorkFields,
  type FieldKit,
  type JobForm,
  type Override,
  type VisitChoice,
} from "./NewJobFields";

/** What the address bar may fill in. */
export interface NewJobSearch {
  date?: string;
  name?: string;
  phone?: string;
  email?: string;
  address?: string;
  source?: string;
}

const newKey = () => crypto.randomUUID();

export function NewJobScreen() {
  const prefill = useSearch({ strict: false }) as NewJobSearch;
  const navigate = useNavigate();
  const id = useId();
  const alertRef = useRef<HTMLDivElement>(null);
  const services = useServices();
  const [source, setSource] = useState<OwnerSource>(
    (ownerSources as readonly string[]).includes(prefill.source ?? "")
      ? (prefill.source as OwnerSource)
      : "phone",
  );
  const [form, setForm] = useState<JobForm>({
    name: prefill.name ?? "",
    phone: prefill.phone ?? "",
    email: prefill.email ?? "",
    address: prefill.address ?? "",
    service: "",
    message: "",
  });
  const [visitOn, setVisitOn] = useState(Boolean(prefill.date));
  const [visit, setVisit] = useState<VisitChoice>({
    date: prefill.date ?? "",
    window: "morning",
    status: "confirmed",
  });
  const [send, setSend] = useState(false);
  const [override, setOverride] = useState<Override | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per job being written: a second tap, or a retry after a lost answer, makes one job.
  const key = useRef(newKey());

  const hasEmail = form.email.trim() !== "";
  const set = (name: keyof JobForm) => (value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  const field = (name: string) => ({
    "aria-invalid": Boolean(errors[name]),
    ...(errors[name] ? { "aria-describedby": `${id}-${name}-error` } : {}),
  });
  const errorFor = (name: string) =>
    errors[name] ? (
      <span id={`${id}-${name}-error`} className="mt-1 block text-sm text-danger-600">
        {errors[name]}
      </span>
    ) : null;

  const body = (): OwnerJobInput => {
    const trimmed = (v: string) => (v.trim() ? v.trim() : undefined);
    return {
      source,
      name: form.name,
      ...(trimmed(form.phone) ? { phone: form.phone.trim() } : {}),
      ...(trimmed(form.email) ? { email: form.email.trim() } : {}),
      address: form.address,
      service: form.service as OwnerJobInput["service"],
      message: form.message,
      sendConfirmation: send && hasEmail,
      ...(visitOn
        ? {
            visit: {
              date: visit.date,
              window: visit.window,
              status: visit.status,
              ...(override?.reason.trim() ? { dayOverrideReason: override.reason.trim() } : {}),
            },
          }
        : {}),
    };
  };

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const job = await appointmentsApi.addJob(body(), key.current);
      key.current = newKey();
      await requestChanged(job.id, job);
      toast.success(`Job added: ${job.reference}`);
      void navigate({ to: "/admin/requests/$id", params: { id: job.id }, search: {} });
    } catch (err) {
      if (err instanceof ApiError && err.code === "day_unavailable") {
        setOverride({ warning: err.message, reason: override?.reason ?? "" });
        setProblem("Customers cannot book that day. Give a reason to book it anyway, or choose another day.");
      } else if (err instanceof ApiError && err.status === 422) {
        const fields = Object.fromEntries(
          Object.entries(err.fields).map(([k, v]) => [k.replace(/^visit\./, "visit-"), v]),
        );
        setErrors(fields);
        setProblem("Please check the highlighted fields.");
      } else {
        setProblem(
          err instanceof ApiError && err.status !== 0
            ? err.message
            : "The job could not be saved: the server could not be reached. Nothing was lost; please try again.",
        );
      }
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  const kit: FieldKit = { id, field, errorFor };
  const reasons = Object.entries(errors) as [string, string][];

  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">New job</h1>
          <p className="mt-1 text-slate-600">
            A job that came by phone, e-mail, at the door or from a customer you know. It joins the same
            inbox, history and schedule as the website&apos;s requests.
          </p>
        </div>
        <a href="/admin/submissions" className={buttonClass("secondary", "self-start")}>
          Cancel
        </a>
      </div>

      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        className="mt-6 grid gap-6 rounded-card border border-slate-200 bg-white p-4 shadow-card sm:p-6"
      >
        <FormProblem problem={problem} reasons={reasons} alertRef={alertRef} />

        <SourcePicker source={source} onChange={setSource} />

        <CustomerFields kit={kit} form={form} set={set} />

        <WorkFields kit={kit} form={form} set={set} services={services.offered} />

        <VisitFields
          kit={kit}
          visitOn={visitOn}
          setVisitOn={setVisitOn}
          visit={visit}
          setVisit={setVisit}
          override={override}
          setOverride={setOverride}
        />

        <SendConfirmation id={id} hasEmail={hasEmail} send={send} setSend={setSend} />

        <div className="flex flex-wrap justify-end gap-3">
          <Button type="submit" disabled={busy}>
            {visitOn ? (
              <CalendarPlus aria-hidden="true" className="size-4" />
            ) : (
              <PhoneCall aria-hidden="true" className="size-4" />
            )}
            {busy ? "Saving…" : visitOn ? "Add job and book visit" : "Add job"}
          </Button>
        </div>
      </form>
    </div>
  );
}
