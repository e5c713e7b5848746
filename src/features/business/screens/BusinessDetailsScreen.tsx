/**
 * /admin/business: the business details the papers follow (docs/decisions/045-business-details.md):
 * how the business trades and its VAT registration, then every change saved, with who and when.
 * A save applies to the next quote and invoice at once; issued papers never change.
 */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useId } from "react";
import { keys, queries, queryClient } from "../../../admin/query";
import { buttonClass, Spinner } from "../../../admin/components/ui";
import { businessApi, type BusinessPatch } from "./api";
import { BusinessAudit } from "./BusinessAudit";
import { BusinessForm } from "./BusinessForm";
import { PublicFactsForm } from "./PublicFactsForm";
import { SiteFiguresForm } from "./SiteFiguresForm";
import { BankForm } from "./BankForm";
import { ChecklistPanel } from "./ChecklistPanel";
import { LoadError } from "../../../admin/components/LoadError";

export function BusinessDetailsScreen() {
  const id = useId();
  const details = useQuery(queries.business());
  const save = async (patch: BusinessPatch) => {
    const answer = await businessApi.update(patch);
    queryClient.setQueryData(keys.business, answer);
  };
  return (
    <div className="grid gap-6">
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Business details</h1>
          <p className="mt-1 max-w-2xl text-slate-600">
            Who your quotes, invoices and e-mails say you are, and whether they carry VAT. A change applies to
            the next paper at once; papers already sent or issued keep what they said.
          </p>
        </div>
        <a href="/admin" className={buttonClass("secondary", "self-start")}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Dashboard
        </a>
      </div>
      {details.data ? (
        <>
          <section
            aria-labelledby={`${id}-checklist`}
            id="checklist"
            className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
          >
            <h2 id={`${id}-checklist`} className="mb-1 text-lg font-bold text-brand-900">
              Launch checklist
            </h2>
            <ChecklistPanel details={details.data} />
          </section>
          <section
            aria-labelledby={`${id}-form`}
            id="identity"
            className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
          >
            <h2 id={`${id}-form`} className="mb-4 text-lg font-bold text-brand-900">
              Trading identity and VAT
            </h2>
            <BusinessForm key={details.data.audit[0]?.id ?? 0} details={details.data} onSave={save} />
          </section>
          <section
            aria-labelledby={`${id}-public`}
            id="website"
            className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
          >
            <h2 id={`${id}-public`} className="text-lg font-bold text-brand-900">
              On your website
            </h2>
            <p className="mt-1 mb-4 max-w-2xl text-sm text-slate-600">
              How visitors reach you and what they read about your cover. Saved changes wait as drafts until
              you publish the website; quotes, invoices and e-mails use them at once.
            </p>
            <PublicFactsForm key={details.data.audit[0]?.id ?? 0} details={details.data} onSave={save} />
          </section>
          <section
            aria-labelledby={`${id}-figures`}
            className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
          >
            <h2 id={`${id}-figures`} className="text-lg font-bold text-brand-900">
              Figures and privacy
            </h2>
            <p className="mt-1 mb-4 max-w-2xl text-sm text-slate-600">
              The figures and the year you started that the home and about pages state, the footer’s
              description, and who processes your customers’ data. Saved as drafts until you publish.
            </p>
            <SiteFiguresForm key={details.data.audit[0]?.id ?? 0} details={details.data} onSave={save} />
          </section>
          <section
            aria-labelledby={`${id}-bank`}
            className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
          >
            <h2 id={`${id}-bank`} className="text-lg font-bold text-brand-900">
              Bank account for transfers
            </h2>
            <p className="mt-1 mb-4 max-w-2xl text-sm text-slate-600">
              Printed on invoices, in the invoice and deposit e-mails and on your customers’ pages. A change
              applies to the next invoice at once; issued invoices keep what they said.
            </p>
            <BankForm key={details.data.audit[0]?.id ?? 0} details={details.data} onSave={save} />
          </section>
          <section aria-labelledby={`${id}-audit`}>
            <h2 id={`${id}-audit`} className="mb-3 text-lg font-bold text-brand-900">
              Changes
            </h2>
            <BusinessAudit entries={details.data.audit} />
          </section>
        </>
      ) : details.isError ? (
        <LoadError what="The business details" onRetry={details.refetch} retrying={details.isFetching} />
      ) : (
        <Spinner label="Loading the business details" />
      )}
    </div>
  );
}
