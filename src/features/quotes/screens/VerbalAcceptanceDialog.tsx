/**
 * For a customer who answers by phone or in person (docs/decisions/051-phone-only-customers-and-paid-papers.md):
 * recording his verbal acceptance (who, when, how, the optional items, the early-start answer), and
 * what "send" means when there is no e-mail address: print the PDF, or read it out, then record
 * the answer. The accepted quote's PDF is the written confirmation to give or post.
 */
import { FileText, Printer } from "lucide-react";
import { useId, useState } from "react";
import { expressStartText } from "../../../data/consumer-rights";
import { formatMoney } from "../../../platform/money";
import { dateInZone, wallClock, wallClockInstant } from "../../../platform/time";
import { AdminDialog } from "../../../admin/components/dialogs";
import { Button, buttonClass } from "../../../admin/components/ui";
import { TextLinkMaker } from "../../../admin/components/CopyMessage";
import { quotesApi, type AdminQuote } from "./api";
import { quoteLabel } from "./quote-draft";
import { FormDialog, inputClass, labelClass, useDialogForm } from "../../billing/screens";
const choiceClass =
  "flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50";

/** "Send" for a customer without an e-mail address: print the PDF or read it out, then record the answer. */
export function NoEmailDialog({
  quote: q,
  name,
  onClose,
  onRecord,
  onSent,
}: {
  quote: AdminQuote;
  name: string;
  onClose: () => void;
  onRecord: () => void;
  /** The draft was marked sent so its link can be texted. */
  onSent: (quote: AdminQuote) => Promise<void>;
}) {
  return (
    <AdminDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="No e-mail address"
      description={`${name} has no e-mail address, so ${quoteLabel(q)} cannot be e-mailed. Text them a link to their page, where they can read and accept it; or print the PDF to give or post, or read it out on the phone. When they say yes, record their acceptance: they get the accepted quote on paper as their confirmation.`}
    >
      <div className="mb-4">
        <TextLinkMaker
          requestId={q.submissionId}
          about="quote"
          reference={q.number}
          label={q.status === "draft" ? "Mark as sent and make a link to text" : "Make a link to text"}
          before={q.status === "draft" ? async () => onSent(await quotesApi.markSentByText(q.id)) : undefined}
        />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Back
        </Button>
        <a href={quotesApi.pdfUrl(q.id)} target="_blank" rel="noopener" className={buttonClass("secondary")}>
          <Printer aria-hidden="true" className="size-4" />
          Print the PDF
        </a>
        <Button onClick={onRecord}>Record acceptance…</Button>
      </div>
    </AdminDialog>
  );
}

interface Draft {
  acceptedBy: string;
  method: "phone" | "in_person" | null;
  date: string;
  time: string;
  expressStart: boolean | null;
  optional: Set<number>;
}

/** Checked before the call; the server checks the same and more (the time against the quote). */
function missing(d: Draft, urgent: boolean): Record<string, string> {
  const e: Record<string, string> = {};
  if (!d.acceptedBy.trim()) e["acceptedBy"] = "Please give the name of the person who accepted.";
  if (!d.method) e["method"] = "Please choose by phone or in person.";
  if (!d.date || !d.time) e["acceptedAt"] = "Please give the day and time they said yes.";
  if (!urgent && d.expressStart === null)
    e["expressStart"] = "Please record whether they asked for an early start.";
  return e;
}

/** The owner records a yes given by phone or in person. */
export function VerbalAcceptanceDialog({
  quote: q,
  name,
  hasEmail,
  onClose,
  onDone,
}: {
  quote: AdminQuote;
  name: string;
  hasEmail: boolean;
  onClose: () => void;
  onDone: (quote: AdminQuote) => Promise<void>;
}) {
  const id = useId();
  const [now] = useState(() => wallClock(new Date()));
  const [d, setD] = useState<Draft>({
    acceptedBy: name,
    method: null,
    date: now.date,
    time: now.time,
    expressStart: q.urgentRepair ? false : null,
    optional: new Set(),
  });
  const form = useDialogForm(id);
  const { field, errorFor } = form;
  const optional = q.lines.filter((l) => l.optional);
  /** A change clears that field's message: it answered it. */
  const change = (patch: Partial<Draft>, key: string) => {
    setD({ ...d, ...patch });
    form.clear([key]);
  };

  const submit = () => {
    const found = missing(d, q.urgentRepair);
    if (Object.keys(found).length > 0) return form.setErrors(found);
    void form.send(async () => {
      const quote = await quotesApi.acceptVerbal(q.id, {
        acceptedBy: d.acceptedBy.trim(),
        method: d.method!,
        // Left at the minute the dialog opened: now, to the second.
        ...(d.date === now.date && d.time === now.time
          ? {}
          : { acceptedAt: wallClockInstant(d.date, d.time).toISOString() }),
        expressStart: d.expressStart ?? false,
        optionalLineIds: [...d.optional],
      });
      await onDone(quote);
    }, "Recording the acceptance");
  };

  return (
    <FormDialog
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
      action={
        <>
          <FileText aria-hidden="true" className="size-4" />
          Record acceptance
        </>
      }
      title="Record acceptance"
      description={`${name} accepted ${quoteLabel(q)} by phone or in person. It is kept with the same record as an acceptance on their page. ${
        hasEmail
          ? "They are e-mailed the accepted quote as their confirmation."
          : "Print the accepted quote afterwards and give or post it: it is their written confirmation."
      }`}
    >
      <div>
        <label htmlFor={`${id}-by`} className={labelClass}>
          Who accepted
        </label>
        <input
          id={`${id}-by`}
          className={inputClass}
          value={d.acceptedBy}
          maxLength={200}
          autoComplete="off"
          {...field("acceptedBy")}
          onChange={(e) => change({ acceptedBy: e.target.value }, "acceptedBy")}
        />
        {errorFor("acceptedBy")}
      </div>
      <fieldset {...field("method")}>
        <legend className={labelClass}>How</legend>
        <div className="mt-1 grid grid-cols-2 gap-2">
          {(["phone", "in_person"] as const).map((m) => (
            <label key={m} className={choiceClass}>
              <input
                type="radio"
                name={`${id}-method`}
                className="size-5 accent-brand-700"
                checked={d.method === m}
                onChange={() => change({ method: m }, "method")}
              />
              {m === "phone" ? "By phone" : "In person"}
            </label>
          ))}
        </div>
        {errorFor("method")}
      </fieldset>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label htmlFor={`${id}-date`} className={labelClass}>
            Day
          </label>
          <input
            id={`${id}-date`}
            type="date"
            className={inputClass}
            value={d.date}
            max={dateInZone(new Date())}
            {...field("acceptedAt")}
            onChange={(e) => change({ date: e.target.value }, "acceptedAt")}
          />
        </div>
        <div>
          <label htmlFor={`${id}-time`} className={labelClass}>
            Time
          </label>
          <input
            id={`${id}-time`}
            type="time"
            className={inputClass}
            value={d.time}
            {...field("acceptedAt")}
            onChange={(e) => change({ time: e.target.value }, "acceptedAt")}
          />
        </div>
        <div className="col-span-2 -mt-1">{errorFor("acceptedAt")}</div>
      </div>
      {optional.length > 0 ? (
        <fieldset>
          <legend className={labelClass}>Optional items they chose</legend>
          <div className="mt-1 grid gap-2">
            {optional.map((l) => (
              <label key={l.id} className={choiceClass}>
                <input
                  type="checkbox"
                  className="size-5 accent-brand-700"
                  checked={d.optional.has(l.id)}
                  onChange={(e) => {
                    const next = new Set(d.optional);
                    if (e.target.checked) next.add(l.id);
                    else next.delete(l.id);
                    change({ optional: next }, "optionalLines");
                  }}
                />
                <span>
                  {l.description} <span className="tabular-nums">({formatMoney(l.netPence)})</span>
                </span>
              </label>
            ))}
          </div>
          {errorFor("optionalLines")}
        </fieldset>
      ) : null}
      {q.urgentRepair ? (
        <p className="text-sm text-slate-700">Urgent repair: there is no cancellation period to ask about.</p>
      ) : (
        <fieldset {...field("expressStart")}>
          <legend className={labelClass}>
            Did they ask you to start within their 14-day cancellation period?
          </legend>
          <p className="mt-1 text-sm text-slate-700">Ask them: &ldquo;{expressStartText}&rdquo;</p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {[true, false].map((v) => (
              <label key={String(v)} className={choiceClass}>
                <input
                  type="radio"
                  name={`${id}-express`}
                  className="size-5 accent-brand-700"
                  checked={d.expressStart === v}
                  onChange={() => change({ expressStart: v }, "expressStart")}
                />
                {v ? "Yes, start early" : "No, wait until it ends"}
              </label>
            ))}
          </div>
          {errorFor("expressStart")}
        </fieldset>
      )}
    </FormDialog>
  );
}
