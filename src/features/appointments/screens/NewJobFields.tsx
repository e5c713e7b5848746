/**
 * The sections of the new-job form (./NewJobScreen.tsx): how the job came in, the customer, the
 * work, the visit and the confirmation e-mail. The screen keeps the state and the save; these only
 * show it and report changes.
 */
import type { Dispatch, ReactNode, SetStateAction } from "react";
import { ownerSources, sourceLabels, type OwnerSource } from "../../requests/contract/states";

const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-danger-600";
const labelClass = "block text-sm font-semibold text-slate-800";
const sectionTitle = "text-xs font-semibold tracking-wide text-slate-600 uppercase";

type WindowChoice = "morning" | "afternoon" | "any";
const windows: readonly { value: WindowChoice; label: string }[] = [
  { value: "morning", label: "Morning" },
  { value: "afternoon", label: "Afternoon" },
  { value: "any", label: "Any time" },
];

export type JobForm = {
  name: string;
  phone: string;
  email: string;
  address: string;
  service: string;
  message: string;
};
export type VisitChoice = { date: string; window: WindowChoice; status: "confirmed" | "proposed" };
export type Override = { warning: string; reason: string };

/** The form's ids and its per-field error wiring. */
export type FieldKit = {
  id: string;
  field: (name: string) => { "aria-invalid": boolean; "aria-describedby"?: string };
  errorFor: (name: string) => ReactNode;
};

type Setter = (name: keyof JobForm) => (value: string) => void;

export function SourcePicker({
  source,
  onChange,
}: {
  source: OwnerSource;
  onChange: (s: OwnerSource) => void;
}) {
  return (
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
              onChange={() => onChange(s)}
              className="sr-only"
            />
            {sourceLabels[s].label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function CustomerFields({ kit, form, set }: { kit: FieldKit; form: JobForm; set: Setter }) {
  const { id, field, errorFor } = kit;
  return (
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
        A phone number or an e-mail address, at least one: the customer must be reachable. Without an e-mail
        address nothing is e-mailed to them (no confirmation, quote or invoice by e-mail).
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
  );
}

export function WorkFields({
  kit,
  form,
  set,
  services,
}: {
  kit: FieldKit;
  form: JobForm;
  set: Setter;
  services: readonly { slug: string; name: string }[];
}) {
  const { id, field, errorFor } = kit;
  return (
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
          {services.map((s) => (
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
  );
}

export function VisitFields({
  kit,
  visitOn,
  setVisitOn,
  visit,
  setVisit,
  override,
  setOverride,
}: {
  kit: FieldKit;
  visitOn: boolean;
  setVisitOn: (on: boolean) => void;
  visit: VisitChoice;
  setVisit: Dispatch<SetStateAction<VisitChoice>>;
  override: Override | null;
  setOverride: (o: Override | null) => void;
}) {
  const { id, field, errorFor } = kit;
  return (
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
  );
}

export function SendConfirmation({
  id,
  hasEmail,
  send,
  setSend,
}: {
  id: string;
  hasEmail: boolean;
  send: boolean;
  setSend: (on: boolean) => void;
}) {
  // Readable whether or not it can be ticked (slate-700: 4.5:1 and more on every background).
  return (
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
  );
}
