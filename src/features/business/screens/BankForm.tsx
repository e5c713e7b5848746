/**
 * The bank account customers pay into by transfer, on the Business details screen: the one the
 * invoice PDFs, the invoice and deposit e-mails and the customer's page print. A save applies to the
 * next paper and page at once (it is never on the public website, so there is no draft).
 */
import { useState } from "react";
import { Button, fieldClass, FormProblem } from "../../../admin/components/ui";
import type { BankDetails } from "../contract/identity";
import type { BusinessDetails, BusinessPatch } from "./api";
import { Labelled } from "./fields";
import { useDetailsSave } from "./use-details-save";

export function BankForm({
  details,
  onSave,
}: {
  details: BusinessDetails;
  onSave: (patch: BusinessPatch) => Promise<void>;
}) {
  const [bank, setBank] = useState<BankDetails>(() => ({ ...details.business.bank }));
  const { errors, problem, busy, alertRef, reasons, save } = useDetailsSave(onSave, {
    title: "Bank details saved",
    description: "The next invoice and the customers' pages show them.",
  });
  const input = (key: keyof BankDetails, label: string, extra: Record<string, unknown> = {}) => (
    <Labelled label={label}>
      <input
        className={fieldClass}
        value={bank[key]}
        maxLength={100}
        aria-invalid={Boolean(errors["bank"])}
        {...extra}
        onChange={(e) => setBank((b) => ({ ...b, [key]: e.target.value }))}
      />
    </Labelled>
  );
  const next = {
    accountName: bank.accountName.trim(),
    sortCode: bank.sortCode.trim(),
    accountNumber: bank.accountNumber.trim(),
  };
  const changed = JSON.stringify(next) !== JSON.stringify(details.business.bank);
  return (
    <form
      noValidate
      className="grid gap-4"
      id="bank"
      data-bank-form
      onSubmit={(e) => {
        e.preventDefault();
        void save(changed ? { bank: next } : {});
      }}
    >
      <FormProblem problem={problem} reasons={reasons} alertRef={alertRef} />
      {input("accountName", "Account name", { autoComplete: "off" })}
      <div className="grid gap-4 sm:grid-cols-2">
        {input("sortCode", "Sort code", { inputMode: "numeric", placeholder: "12-34-56", maxLength: 8 })}
        {input("accountNumber", "Account number", { inputMode: "numeric", maxLength: 10 })}
      </div>
      {errors["bank"] ? <p className="text-sm text-danger-600">{errors["bank"]}</p> : null}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save bank details"}
        </Button>
      </div>
    </form>
  );
}
