/**
 * The quote's running total on the customer's page, as browser code: when an optional line is
 * ticked or unticked it works the net, the VAT per rate, the total and the deposit out with the
 * billing core's own sums (src/features/billing/contract/totals.ts: VAT once per rate on the
 * rate's net total, rounded down; a percentage deposit to the nearest penny) and formats them with
 * the one money module, so the page can never show a figure the server would not store. It writes
 * them on the totals, the hidden total and the buttons ("Update the total" is then not needed; the
 * server still refuses a total that is not the ticks' total). At the first real key press, tap or
 * click it tells the server the customer is looking at the quote (a mail scanner does neither).
 *
 * Bundled by Vite into one inline script (scripts/page-scripts.ts writes
 * ../quote-total.generated.ts), whose hash the page's CSP allows (docs/decisions/066-billing-core.md).
 * The form carries the figures: `data-lines` "netPence:rateHundredths,…" for the fixed lines,
 * `data-net`/`data-rate` on each option, `data-deposit` "pence:5000" or "percent:1000" (hundredths).
 */
import { formatMoney } from "../../../platform/money";
import { hundredths, hundredthsToPercent } from "../../billing/contract/hundredths";
import {
  depositDuePence,
  documentTotals,
  vatBandLabel,
  type DepositTerms,
  type LineForTotals,
} from "../../billing/contract/totals";

/** A line known by its net and its rate in hundredths, as the sums take it. */
const lineOf = (net: number, rateHundredths: number): LineForTotals => ({
  quantity: 1,
  unitPence: net,
  vatRate: hundredthsToPercent(hundredths(rateHundredths)),
});

/** "12000:2000,500:0" → lines. */
const linesOf = (text: string | undefined): LineForTotals[] =>
  text ? text.split(",").map((pair) => lineOf(...(pair.split(":").map(Number) as [number, number]))) : [];

/** "pence:5000", "percent:1000" (hundredths of a percent), or "" for none. */
function depositOf(text: string | undefined): DepositTerms {
  const [kind, value] = (text ?? "").split(":");
  if (kind === "pence") return { pence: Number(value) };
  if (kind === "percent") return { percent: hundredthsToPercent(hundredths(Number(value))) };
  return null;
}

function sumUp(f: HTMLFormElement, list: HTMLElement): void {
  const lines = linesOf(f.dataset["lines"]);
  for (const o of f.querySelectorAll<HTMLInputElement>("input[data-net]")) {
    if (o.checked) lines.push(lineOf(Number(o.dataset["net"]), Number(o.dataset["rate"])));
  }
  const t = documentTotals(lines, { vatRegistered: f.dataset["vat"] === "1" });
  const deposit = depositDuePence(t.totalPence, depositOf(f.dataset["deposit"]));
  const row = (term: string, amount: number, className?: string) => {
    const dt = document.createElement("dt");
    const dd = document.createElement("dd");
    dt.textContent = term;
    dd.textContent = formatMoney(amount);
    if (className) dt.className = dd.className = className;
    list.append(dt, dd);
  };
  list.textContent = "";
  if (f.dataset["vat"] === "1") {
    row("Net", t.netPence);
    for (const band of t.vatByRate) row(vatBandLabel(band), band.vatPence);
  }
  row(list.dataset["label"] ?? "Total", t.totalPence, "total");
  if (deposit > 0) row("Deposit, due before the work starts", deposit);
  (f.elements.namedItem("total") as HTMLInputElement).value = String(t.totalPence);
  const accept = f.querySelector<HTMLButtonElement>('button[value="accept-quote"]')!;
  accept.textContent = `${accept.dataset["prefix"]}${formatMoney(t.totalPence)}`;
  const pay = f.querySelector<HTMLButtonElement>('button[value="accept-and-pay"]');
  if (pay) {
    pay.hidden = deposit <= 0;
    pay.textContent = `${pay.dataset["prefix"]}${formatMoney(deposit)}${pay.dataset["suffix"]}`;
  }
}

/** Tells the server, once, that a person (not a scanner) is looking at the quote. */
function reportSeen(f: HTMLFormElement): void {
  let seen = false;
  const look = (e: Event) => {
    if (seen || !e.isTrusted) return;
    seen = true;
    const nonce = (f.elements.namedItem("nonce") as HTMLInputElement).value;
    fetch(f.getAttribute("action")!.split("#")[0]!, {
      method: "POST",
      body: new URLSearchParams({ action: "quote-seen", nonce }),
      keepalive: true,
    }).catch(() => {});
  };
  for (const type of ["pointerdown", "keydown", "touchstart"]) {
    addEventListener(type, look, { capture: true, passive: true });
  }
}

const form = document.querySelector<HTMLFormElement>("form.accept");
if (form) {
  const update = form.querySelector<HTMLButtonElement>('button[value="update-total"]');
  const list = form.querySelector<HTMLElement>("#quote-total");
  if (update && list) {
    update.hidden = true;
    form.addEventListener("change", (e) => {
      if ((e.target as Element).matches("input[data-net]")) sumUp(form, list);
    });
  }
  reportSeen(form);
}
