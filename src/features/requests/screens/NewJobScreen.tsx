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
import { workflowApi } from "./api";
import { useServices } from "../../site-content/screens";
import { ownerSources, sourceLabels, type OwnerSource } from "../contract/states";
import type { OwnerJobInput } from "../contract/owner-job";

const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-danger-600";
const labelClass = "block text-sm font-semibold text-slate-800";
const sectionTitle = "text-xs font-semibold tracking-wide text-slate-600 uppercase";

/** What the address bar may fill in. */
export interface NewJobSearch {
  date?: string;
  name?: string;
  phone?: string;
  email?: string;
  address?: string;
  source?: string;
}

type WindowChoice = "morning" | "afternoon" | "any";
const windows: readonly { value: WindowChoice; label: string }[] = [
  { value: "morning", label: "Morning" },
  { value: "afternoon", label: "Afternoon" },
  { value: "any", label: "Any time" },
];

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
  const [form, setForm] = useState({
    name: prefill.name ?? "",
    phone: prefill.phone ?? "",
    email: prefill.email ?? "",
    address: prefill.address ?? "",
    service: "",
    message: "",
  });
  const [visitOn, setVisitOn] = useState(Boolean(prefill.date));
  const [visit, setVisit] = useState({
    date: prefill.date ?? "",
    window: "morning" as WindowChoice,
    status: "confirmed" as "confirmed" | "proposed",
  });
  const [send, setSend] = useState(false);
  const [override, setOverride] = useState<{ warning: string; reason: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per job being written: a second tap, or a retry after a lost answer, makes one job.
  const key = useRef(newKey());

  const hasEmail = form.email.trim() !== "";
  const set = (name: keyof typeof form) => (value: string) => {
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
      const job = await workflowApi.addJob(body(), key.current);
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

        <fieldset>
          <legend className={sectionTitle}>How it came in</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {ownerSources.map((s) => (
              <label
                key={s}
                className={`flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-3 py-2 text-sm font-semibold ${
                  source === s
                    ? "border-brand-700 bg-brand-50 text-brand-900"
                    : "border-slate-300 bg-white text-slate-700"
                }`}
              >
                <input
                  type="radio"
                  name="source"
                  value={s}
                  checked={source === s}
                  onChange={() => setSource(s)}
                  className="sr-only"
                />
                {sourceLabels[s].label}
              </label>
            ))}
          </div>
        </fieldset>

        <section aria-labelledby={`${id}-customer`} className="grid gap-4 sm:grid-cols-2">
          <h2 id={`${id}-customer`} className={`${sectionTitle} sm:col-span-2`}>
            Customer
          </h2>
          <div className="sm:col-span-2">
            <label htmlFor={`${id}-name`} className={labelClass}>
              Name
            </label>
            <input
              id={`${id}-name`}
              autoComplete="off"
              className={inputClass}
              value={form.name}
              maxLength={100}
              {...field("name")}
              onChange={(e) => set("name")(e.target.value)}
            />
            {errorFor("name")}
          </div>
          <div>
            <label htmlFor={`${id}-phone`} className={labelClass}>
              Phone
            </label>
            <input
              id={`${id}-phone`}
              type="tel"
              autoComplete="off"
              className={inputClass}
              value={form.phone}
              maxLength={30}
              {...field("phone")}
              onChange={(e) => set("phone")(e.target.value)}
            />
            {errorFor("phone")}
          </div>
          <div>
            <label htmlFor={`${id}-email`} className={labelClass}>
              E-mail address
            </label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              className={inputClass}
              value={form.email}
              maxLength={254}
              {...field("email")}
              onChange={(e) => set("email")(e.target.value)}
            />
            {errorFor("email")}
          </div>
          <p className="text-sm text-slate-600 sm:col-span-2">
            A phone number or an e-mail address, at least one: the customer must be reachable. Without an
            e-mail address nothing is e-mailed to them (no confirmation, quote or invoice by e-mail).
          </p>
          <div className="sm:col-span-2">
            <label htmlFor={`${id}-address`} className={labelClass}>
              Address
            </label>
            <textarea
              id={`${id}-address`}
              rows={2}
              className={inputClass}
              value={form.address}
              maxLength={300}
              {...field("address")}
              onChange={(e) => set("address")(e.target.value)}
            />
            {errorFor("address")}
          </div>
        </section>

        <section aria-labelledby={`${id}-work`} className="grid gap-4">
          <h2 id={`${id}-work`} className={sectionTitle}>
            The work
          </h2>
          <div>
            <label htmlFor={`${id}-service`} className={labelClass}>
              Service
            </label>
            <select
              id={`${id}-service`}
              className={inputClass}
              value={form.service}
              {...field("service")}
              onChange={(e) => set("service")(e.target.value)}
            >
              <option value="">Choose a service</option>
              {services.offered.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.name}
                </option>
              ))}
            </select>
            {errorFor("service")}
          </div>
          <div>
            <label htmlFor={`${id}-message`} className={labelClass}>
              What needs doing
            </label>
            <textarea
              id={`${id}-message`}
              rows={4}
              className={inputClass}
              value={form.message}
              maxLength={5000}
              {...field("message")}
              onChange={(e) => set("message")(e.target.value)}
            />
            {errorFor("message")}
          </div>
        </section>

        <section aria-labelledby={`${id}-visit`} className="grid gap-4">
          <h2 id={`${id}-visit`} className={sectionTitle}>
            Visit
          </h2>
          <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-800">
            <input
              type="checkbox"
              className="size-5"
              checked={visitOn}
              onChange={(e) => setVisitOn(e.target.checked)}
            />
            Book a visit now
          </label>
          {visitOn ? (
            <div className="grid gap-4 sm:grid-cols-3">
              <div>
                <label htmlFor={`${id}-date`} className={labelClass}>
                  Date
                </label>
                <input
                  id={`${id}-date`}
                  type="date"
                  className={inputClass}
                  value={visit.date}
                  {...field("visit-date")}
                  onChange={(e) => {
                    setVisit((v) => ({ ...v, date: e.target.value }));
                    setOverride(null);
                  }}
                />
                {errorFor("visit-date")}
              </div>
              <div>
                <label htmlFor={`${id}-window`} className={labelClass}>
                  Arrival window
                </label>
                <select
                  id={`${id}-window`}
                  className={inputClass}
                  value={visit.window}
                  onChange={(e) => setVisit((v) => ({ ...v, window: e.target.value as WindowChoice }))}
                >
                  {windows.map((w) => (
                    <option key={w.value} value={w.value}>
                      {w.label}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${id}-status`} className={labelClass}>
                  The customer
                </label>
                <select
                  id={`${id}-status`}
                  className={inputClass}
                  value={visit.status}
                  onChange={(e) =>
                    setVisit((v) => ({ ...v, status: e.target.value as "confirmed" | "proposed" }))
                  }
                >
                  <option value="confirmed">Agreed it (confirmed)</option>
                  <option value="proposed">Will answer (offered)</option>
                </select>
              </div>
              {override ? (
                <div
                  role="alert"
                  className="rounded-lg border border-accent-300 bg-accent-50 p-3 text-sm text-slate-900 sm:col-span-3"
                >
                  <p>{override.warning}</p>
                  <label htmlFor={`${id}-override`} className="mt-2 block font-semibold">
                    Reason for booking it anyway
                  </label>
                  <input
                    id={`${id}-override`}
                    className={inputClass}
                    value={override.reason}
                    maxLength={1000}
                    onChange={(e) => setOverride({ ...override, reason: e.target.value })}
                  />
                </div>
              ) : null}
            </div>
          ) : null}
        </section>

        {/* Readable whether or not it can be ticked (slate-700: 4.5:1 and more on every background). */}
        <div className="flex items-start gap-2 text-sm text-slate-800">
          <input
            id={`${id}-send`}
            type="checkbox"
            className="mt-3 size-5"
            disabled={!hasEmail}
            checked={send && hasEmail}
            aria-describedby={`${id}-send-help`}
            onChange={(e) => setSend(e.target.checked)}
          />
          <div>
            <label htmlFor={`${id}-send`} className="inline-flex min-h-11 items-center font-semibold">
              Send the customer a confirmation
            </label>
            <p id={`${id}-send-help`} className={hasEmail ? "" : "text-slate-700"}>
              {hasEmail
                ? "An e-mail that we have their request, with the link to their own page (and the visit, if booked)."
                : "Needs their e-mail address."}
            </p>
          </div>
        </div>

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
