/**
 * The website's published starting prices inside the price list picker: a tap adds a line with the
 * service's name and the price the customer read on the site (docs/decisions/056-services-from-published-content.md).
 */
import { formatMoney } from "../../../platform/money";
import type { WebsitePrice } from "./api";

export function WebsitePrices({
  prices,
  filter,
  onPick,
}: {
  prices: readonly WebsitePrice[];
  filter: string;
  onPick: (line: { description: string; unitPence: number; vatRate: null }) => void;
}) {
  const needle = filter.trim().toLowerCase();
  const shown = needle ? prices.filter((p) => p.name.toLowerCase().includes(needle)) : prices;
  if (shown.length === 0) return null;
  return (
    <div className="mt-3" data-testid="website-prices">
      <p className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Starting prices on your website
      </p>
      <ul className="mt-1 divide-y divide-slate-100">
        {shown.map((p) => (
          <li key={p.slug}>
            <button
              type="button"
              className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md px-2 py-2 text-left hover:bg-brand-50 focus-visible:bg-brand-50"
              onClick={() => onPick({ description: p.name, unitPence: p.unitPence, vatRate: null })}
            >
              <span className="min-w-0 break-words text-slate-900">
                <span className="sr-only">Add </span>
                {p.name}
              </span>
              <span className="shrink-0 text-sm text-slate-700 tabular-nums">
                {formatMoney(p.unitPence)}
                {p.unit ? ` per ${p.unit}` : ""}
                <span className="sr-only"> ({p.priceText})</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
