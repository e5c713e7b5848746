/**
 * The website's figures, footer description and data processors on the Business details screen:
 * what the home, about and privacy pages and the footer state. Saved as drafts like the other
 * public facts; the website shows them once the owner publishes it.
 */
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button, fieldClass, FormProblem } from "../../../admin/components/ui";
import type { DataProcessor, PublicFactField } from "../contract/public-facts";
import type { BusinessDetails, BusinessPatch } from "./api";
import { Labelled } from "./fields";
import { Draft } from "./PublicFactsForm";
import { useDetailsSave } from "./use-details-save";

/** The most processors the privacy policy lists. */
const maxProcessors = 8;

interface FiguresText {
  founded: string;
  yearsExperience: string;
  projectsCompleted: string;
  happyClients: string;
  blurb: string;
  processors: DataProcessor[];
}

const textOf = (b: BusinessDetails["business"]): FiguresText => ({
  founded: String(b.stats.founded),
  yearsExperience: b.stats.yearsExperience,
  projectsCompleted: b.stats.projectsCompleted,
  happyClients: b.stats.happyClients,
  blurb: b.blurb,
  processors: b.processors.map((p) => ({ ...p })),
});

/** The fields as the API takes them, keeping only those that differ from what is saved. */
function patchOf(t: FiguresText, b: BusinessDetails["business"]): BusinessPatch {
  const year = t.founded.trim();
  const next = {
    stats: {
      // A year that is not a number goes as typed: the server says what it wants.
      founded: /^\d+$/.test(year) ? Number(year) : year,
      yearsExperience: t.yearsExperience.trim(),
      projectsCompleted: t.projectsCompleted.trim(),
      happyClients: t.happyClients.trim(),
    },
    blurb: t.blurb.trim(),
    processors: t.processors.map((p) => ({ name: p.name.trim(), role: p.role.trim() })),
  };
  return Object.fromEntries(
    Object.entries(next).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(b[k as keyof typeof b])),
  ) as BusinessPatch;
}

export function SiteFiguresForm({
  details,
  onSave,
}: {
  details: BusinessDetails;
  onSave: (patch: BusinessPatch) => Promise<void>;
}) {
  const [text, setText] = useState(() => textOf(details.business));
  const { errors, problem, busy, alertRef, reasons, save } = useDetailsSave(onSave, {
    title: "Saved as a draft",
    description: "Publish the website to show it to visitors.",
  });
  const set = (patch: Partial<FiguresText>) => setText((t) => ({ ...t, ...patch }));
  const draft = (f: PublicFactField) => <Draft field={f} drafts={details.drafts} />;
  const stat = (
    key: "yearsExperience" | "projectsCompleted" | "happyClients",
    label: string,
    hint: string,
  ) => (
    <Labelled label={label}>
      <input
        className={fieldClass}
        value={text[key]}
        maxLength={20}
        placeholder={hint}
        aria-invalid={Boolean(errors["stats"])}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </Labelled>
  );
  const setProcessor = (i: number, patch: Partial<DataProcessor>) =>
    set({ processors: text.processors.map((p, n) => (n === i ? { ...p, ...patch } : p)) });

  return (
    <form
      noValidate
      className="grid gap-5"
      data-site-figures
      onSubmit={(e) => {
        e.preventDefault();
        void save(patchOf(text, details.business));
      }}
    >
      <FormProblem problem={problem} reasons={reasons} alertRef={alertRef} />
      <fieldset className="grid gap-3" id="figures">
        <legend className="text-sm font-semibold text-slate-800">
          Figures on the home and about pages{draft("stats")}
        </legend>
        <div className="grid gap-3 sm:grid-cols-4">
          <Labelled label="Year started">
            <input
              className={fieldClass}
              value={text.founded}
              inputMode="numeric"
              maxLength={4}
              aria-invalid={Boolean(errors["stats"])}
              onChange={(e) => set({ founded: e.target.value })}
            />
          </Labelled>
          {stat("yearsExperience", "Years of experience", "10+")}
          {stat("projectsCompleted", "Projects completed", "250+")}
          {stat("happyClients", "Happy clients", "99%")}
        </div>
        {errors["stats"] ? <p className="text-sm text-danger-600">{errors["stats"]}</p> : null}
      </fieldset>
      <Labelled label="Footer description" error={errors["blurb"]} draft={draft("blurb")}>
        <span className="block text-sm font-normal text-slate-600">
          Follows “Trusted, tidy home repairs since {text.founded || "…"}.”
        </span>
        <textarea
          className={`${fieldClass} min-h-24`}
          value={text.blurb}
          maxLength={300}
          aria-invalid={Boolean(errors["blurb"])}
          onChange={(e) => set({ blurb: e.target.value })}
        />
      </Labelled>
      <fieldset className="grid gap-3" id="processors">
        <legend className="text-sm font-semibold text-slate-800">
          Data processors in the privacy policy{draft("processors")}
        </legend>
        <p className="text-sm text-slate-600">
          Each company that handles your customers’ data for you, and what it does (“hosts this website”).
        </p>
        <ul className="grid gap-3">
          {text.processors.map((p, i) => (
            <li
              key={i}
              className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_2fr_auto]"
            >
              <Labelled label={`Processor ${i + 1}: name`}>
                <input
                  className={fieldClass}
                  value={p.name}
                  maxLength={60}
                  aria-invalid={Boolean(errors["processors"])}
                  onChange={(e) => setProcessor(i, { name: e.target.value })}
                />
              </Labelled>
              <Labelled label="What it does">
                <input
                  className={fieldClass}
                  value={p.role}
                  maxLength={200}
                  aria-invalid={Boolean(errors["processors"])}
                  onChange={(e) => setProcessor(i, { role: e.target.value })}
                />
              </Labelled>
              <Button
                variant="secondary"
                className="self-end"
                aria-label={`Remove processor ${i + 1}${p.name ? ` (${p.name})` : ""}`}
                disabled={text.processors.length <= 1}
                onClick={() => set({ processors: text.processors.filter((_, n) => n !== i) })}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
        {errors["processors"] ? <p className="text-sm text-danger-600">{errors["processors"]}</p> : null}
        <div>
          <Button
            variant="secondary"
            disabled={text.processors.length >= maxProcessors}
            onClick={() => set({ processors: [...text.processors, { name: "", role: "" }] })}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add a processor
          </Button>
        </div>
      </fieldset>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save figures and processors"}
        </Button>
      </div>
    </form>
  );
}
