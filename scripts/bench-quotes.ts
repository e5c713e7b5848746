/**
 * `npm run bench:quotes`: what a quote costs on the server.
 * - PDF generation: a 20-line quote, as sent and as accepted, 50 runs each after a warm-up
 *   (goal: p95 under 300 ms); and the worst case the limits allow: 100 lines whose descriptions are
 *   2,000 characters with no space, 20 runs (goal: p95 under 300 ms).
 * - An issued invoice's PDF downloaded again and again through the admin function's handler (the
 *   kept PDF, no rendering), 100 downloads after the first (goal: p95 under 20 ms); with the
 *   customer's page, on a throwaway PostgreSQL 15.
 * - The customer's page with a sent quote on it, served by its function's handler in-process on a
 *   throwaway PostgreSQL 15 (goal: p95 under 50 ms), 100 loads one after another after a warm-up;
 *   skipped without the PostgreSQL binaries.
 * - The bundle size of the quote functions and the customer's page (esbuild, as Netlify bundles
 *   them), raw and gzip.
 * Results also go to bench-results/quotes.json.
 */
import { hundredths } from "../src/features/billing/contract";
import { build } from "esbuild";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { gzipSync } from "node:zlib";
import customerPage from "../netlify/functions/customer-page.mts";
import { closeDb, openDatabase, setDatabase } from "../src/platform/db/client";
import { migrateUrl } from "../src/platform/db/migrate";
import { setLogSink } from "../src/platform/log";
import { serviceContext } from "../src/platform/context";
import { setMailSender } from "../src/features/mail";
import { hashToken, newToken } from "../src/features/mail";
import { customerLinks } from "../src/features/tables";
import * as requestsRepo from "../src/features/requests";
import { createQuote, sendQuote } from "../src/features/quotes";
import { quotePdf } from "../src/features/quotes";
import adminInvoices from "../netlify/functions/admin-invoices.mts";
import { createInvoice, issueInvoice } from "../src/features/invoices";
import { createSession } from "../src/features/admin-auth";
import { toQuote } from "../src/features/quotes";
import { sentQuoteRecord } from "../tests/helpers/quote-record";
import { postgresAvailable, startPostgres } from "./lib/postgres-server";
import { stats, time } from "./lib/bench-stats";

setLogSink(() => {});
process.env["RATE_LIMIT_SECRET"] ??= randomBytes(32).toString("hex");

/**
 * Wall-clock and CPU milliseconds of each run. On a shared machine the wall clock includes the time
 * other processes held the cores; the process's CPU time (all its threads, so an upper bound on the
 * work itself) is what the run costs on a core of its own.
 */
async function timeWithCpu(runs: number, work: () => Promise<unknown>) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const started = performance.now();
    await work();
    wall.push(performance.now() - started);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall: stats(wall), cpu: stats(cpu), loadAverage: Math.round(loadavg()[0]! * 10) / 10 };
}

const lines = Array.from({ length: 20 }, (_, i) => ({
  description:
    i % 3 === 0
      ? `Supply and fit ${i + 1}: a thermostatic radiator valve, including draining down and refilling the system`
      : `Labour, item ${i + 1} (hours)`,
  quantity: i % 3 === 0 ? 1 : 2.5,
  unitPence: 4500 + i * 137,
  optional: i >= 17,
}));

// ---------------------------------------------------------------- PDF
const now = new Date();
const record = sentQuoteRecord(
  lines,
  {
    submissionId: 1234,
    note: "Prices include materials and taking away the old parts.",
    depositPercentHundredths: hundredths(2000),
  },
  now,
);
const sent = toQuote(record);
const accepted = toQuote({
  ...record,
  status: "accepted",
  acceptance: {
    at: now.toISOString(),
    lines: [],
    optionalLinesChosen: [18],
    netPence: sent.totalPence,
    vatByRate: [],
    vatPence: 0,
    totalPence: sent.totalPence,
    depositPence: 1000,
    expressStart: true,
    urgentRepair: false,
    cancelUntil: "2026-12-09",
    termsHash: "0".repeat(64),
    validUntil: "2026-12-31",
  },
});
const customer = {
  name: "Ann Example",
  address: "1 High Street, Kirkcaldy KY1 1AA",
  email: "ann@example.com",
};
await time(3, () => quotePdf({ quote: sent, customer, today: "2026-11-25" }));
const pdfBytes = (await quotePdf({ quote: sent, customer, today: "2026-11-25" })).byteLength;
const results: Record<string, unknown> = {
  pdfSent: {
    ...stats(await time(50, () => quotePdf({ quote: sent, customer, today: "2026-11-25" }))),
    bytes: pdfBytes,
  },
  pdfAccepted: stats(await time(50, () => quotePdf({ quote: accepted, customer, today: "2026-11-25" }))),
};
console.log("PDF of a 20-line quote (ms):", results["pdfSent"], "\naccepted (ms):", results["pdfAccepted"]);

// The worst case the limits allow: 100 lines of 2,000 characters with no space to break at.
const longLines = Array.from({ length: 100 }, (_, i) => ({
  description: `${i + 1}-${"Ł".repeat(1_000)}${"x".repeat(998 - String(i + 1).length)}`.slice(0, 2_000),
  quantity: 1,
  unitPence: 1_000,
}));
const longQuote = toQuote(sentQuoteRecord(longLines, { submissionId: 1235 }, now));
await time(2, () => quotePdf({ quote: longQuote, customer, today: "2026-11-25" }));
results["pdf100LongLines"] = {
  ...(await timeWithCpu(20, () => quotePdf({ quote: longQuote, customer, today: "2026-11-25" }))),
  bytes: (await quotePdf({ quote: longQuote, customer, today: "2026-11-25" })).byteLength,
};
console.log("PDF of 100 lines of 2,000 characters without a space (ms):", results["pdf100LongLines"]);

// ---------------------------------------------------------------- the customer's page
if (!postgresAvailable()) {
  console.log("PostgreSQL: binaries not installed; the customer page's timing is skipped.");
} else {
  const server = await startPostgres();
  try {
    await migrateUrl(server.url);
    const client = openDatabase(server.url, { max: 10 });
    setDatabase(client.db);
    setMailSender(null);
    const ctx = serviceContext({ db: client.db });
    const { request } = await requestsRepo.insert(
      {
        formType: "booking",
        name: "Ann Example",
        email: "ann@example.com",
        phone: "07700 900123",
        message: "Two radiators are cold at the top.",
        address: "1 High Street, Kirkcaldy KY1 1AA",
        service: "plumbing-heating",
      },
      undefined,
      client.db,
    );
    const draft = await createQuote(request.id, { lines, note: null, urgentRepair: false }, ctx);
    await sendQuote(draft.id, ctx);
    const token = newToken();
    await client.db.insert(customerLinks).values({ submissionId: request.id, tokenHash: hashToken(token) });
    const load = async () => {
      const res = await customerPage(
        new Request(`http://localhost:8888/request/${token}`, {
          headers: { Accept: "text/html", "x-forwarded-for": "203.0.113.7" },
        }),
      );
      if (res.status !== 200) throw new Error(`The page answered ${res.status}`);
      return res.text();
    };
    const html = await load();
    await time(10, load);
    // Whether the page already shows the quote (its number), or only the request around it.
    results["customerPagePostgres"] = { ...stats(await time(100, load)), showsQuote: html.includes("Q-0") };
    console.log("Customer's page with a sent quote, PostgreSQL 15 (ms):", results["customerPagePostgres"]);

    // An issued invoice's PDF, downloaded again and again by the owner.
    const direct = await createInvoice(
      { kind: "direct", submissionId: request.id, lines: lines.slice(0, 10), note: null, supplyDate: null },
      ctx,
    );
    await issueInvoice(direct.id, {}, ctx);
    const { token: session } = await createSession();
    const download = async () => {
      const res = await adminInvoices(
        new Request(`http://localhost:8888/api/admin/invoices/${direct.id}/pdf`, {
          headers: { Cookie: `kh_admin=${session}`, "x-forwarded-for": "203.0.113.7" },
        }),
      );
      if (res.status !== 200) throw new Error(`The PDF answered ${res.status}`);
      return res.arrayBuffer();
    };
    const first = await time(1, download);
    await time(10, download);
    results["issuedInvoicePdfDownload"] = {
      firstMs: Math.round(first[0]! * 10) / 10,
      ...(await timeWithCpu(100, download)),
    };
    console.log("An issued invoice's PDF, downloaded again (ms):", results["issuedInvoicePdfDownload"]);
    await closeDb();
    await client.close();
  } finally {
    server.stop();
  }
}

// ---------------------------------------------------------------- bundle sizes
const bundles: Record<string, { bytes: number; gzip: number }> = {};
for (const name of ["admin-quotes", "admin-request-quotes", "admin-price-list", "customer-page"]) {
  const out = await build({
    entryPoints: [`netlify/functions/${name}.mts`],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    write: false,
    logLevel: "silent",
    // Native addons ship as files beside the bundle, as Netlify ships them.
    external: ["pg-native", "@node-rs/*", "sharp"],
  });
  const code = out.outputFiles.map((f) => f.contents).reduce((a, b) => a + b.byteLength, 0);
  const joined = Buffer.concat(out.outputFiles.map((f) => Buffer.from(f.contents)));
  bundles[name] = { bytes: code, gzip: gzipSync(joined).byteLength };
}
results["bundles"] = bundles;
console.log("Function bundles (esbuild, bytes):", bundles);

mkdirSync("bench-results", { recursive: true });
writeFileSync(
  "bench-results/quotes.json",
  JSON.stringify({ at: new Date().toISOString(), results }, null, 2),
);
process.exit(0);
