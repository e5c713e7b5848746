/**
 * Invoiced against received per month, the last 12 months: an SVG drawn here from ./money-chart.ts
 * (no chart library, nothing fetched), exposed as one image with a title and a description, and
 * the same figures in a table beside it for anyone who reads numbers rather than bars.
 */
import { useEffect, useId, useRef, useState } from "react";
import { formatMoney } from "../../../platform/money";
import { formatMonthYear } from "../../../platform/time";
import { chartLayout, chartSize, chartSummary, type MonthFigures } from "./money-chart";

/**
 * The two series' theme colours: each at least 3:1 against the white card and against each other
 * (tests/unit/admin-contrast.test.ts), as WCAG asks of the parts of a chart.
 */
export const chartColours = { invoiced: "brand-700", received: "accent-600" } as const;
const invoicedFill = "fill-brand-700";
const receivedFill = "fill-accent-600";

function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700" aria-hidden="true">
      <li className="flex items-center gap-2">
        <span className="inline-block size-3 rounded-sm bg-brand-700" />
        Invoiced
      </li>
      <li className="flex items-center gap-2">
        <span className="inline-block size-3 rounded-sm bg-accent-600" />
        Received
      </li>
    </ul>
  );
}

export function MoneyChart({ months }: { months: readonly MonthFigures[] }) {
  const id = useId();
  const box = useRef<HTMLElement>(null);
  // Drawn at the width it has, so its text is the same size on a phone as on a desktop.
  const [width, setWidth] = useState<number>(chartSize.width);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(280, Math.round(el.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const layout = chartLayout(months, { width, height: width < 480 ? 240 : chartSize.height });
  const { plot } = layout;
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
      <figure ref={box} className="m-0 min-w-0">
        <Legend />
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          className="mt-3 h-auto w-full"
          data-testid="money-chart"
        >
          <title id={`${id}-title`}>Invoiced and received per month, last 12 months</title>
          <desc id={`${id}-desc`}>{chartSummary(months)}</desc>
          <g className="text-[11px]">
            {layout.ticks.map((t) => (
              <g key={t.pence}>
                <line
                  x1={plot.left}
                  x2={plot.right}
                  y1={t.y}
                  y2={t.y}
                  className={t.pence === 0 ? "stroke-slate-400" : "stroke-slate-200"}
                  strokeWidth={1}
                />
                <text x={plot.left - 8} y={t.y + 4} textAnchor="end" className="fill-slate-600">
                  {t.label}
                </text>
              </g>
            ))}
          </g>
          {layout.months.map((m) => (
            <g key={m.month}>
              <rect
                x={m.invoiced.x}
                y={m.invoiced.y}
                width={m.invoiced.width}
                height={m.invoiced.height}
                rx={2}
                className={invoicedFill}
              />
              <rect
                x={m.received.x}
                y={m.received.y}
                width={m.received.width}
                height={m.received.height}
                rx={2}
                className={receivedFill}
              />
              <text
                x={m.centre}
                y={plot.bottom + 16}
                textAnchor="middle"
                className="fill-slate-700 text-[11px]"
              >
                {m.label}
              </text>
              {m.year ? (
                <text
                  x={m.centre}
                  y={plot.bottom + 31}
                  textAnchor="middle"
                  className="fill-slate-500 text-[10px]"
                >
                  {m.year}
                </text>
              ) : null}
            </g>
          ))}
        </svg>
      </figure>
      {/* It scrolls on its own, so it takes the focus (keyboard users scroll it too). */}
      <div
        className="max-h-[22rem] overflow-y-auto rounded-lg border border-slate-200"
        role="region"
        aria-label="Invoiced and received per month"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table className="w-full text-left text-sm" data-testid="money-chart-table">
          <caption className="sr-only">Invoiced and received per month, last 12 months</caption>
          <thead className="sticky top-0 bg-slate-100 text-xs tracking-wide text-slate-700 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Month
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Invoiced
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Received
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {[...months].reverse().map((m) => (
              <tr key={m.month}>
                <th scope="row" className="px-3 py-1.5 font-medium whitespace-nowrap text-slate-800">
                  {formatMonthYear(m.month)}
                </th>
                <td className="px-3 py-1.5 text-right text-slate-900 tabular-nums">
                  {formatMoney(m.invoicedPence)}
                </td>
                <td className="px-3 py-1.5 text-right text-slate-900 tabular-nums">
                  {formatMoney(m.receivedPence)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
