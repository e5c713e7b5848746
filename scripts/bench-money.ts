/**
 * `npm run bench:money`: the money side on a throwaway PostgreSQL 15 with 10,000 invoices.
 * - Seeds 10,000 issued invoices over the last 24 months (two lines each; a mix of unpaid,
 *   part-paid, paid, overdue and void; 1 in 20 with a credit note; about 12,000 payments), written
 *   in bulk straight into the tables: the figures measure the reads, not the seeding.
 * - The money screen (`GET /api/admin/money` through its function's handler in-process, a real
 *   admin session): 100 loads one after another after a warm-up; goal p95 under 50 ms.
 * - The accountant's Xero CSV for the longest range an export allows (400 days) and the payments CSV, through the handler,
 *   read to the end as a client would: time, rows, bytes and the process's peak memory while
 *   streaming (RSS and heap, sampled every 5 ms), against the memory before.
 * - A card payment's webhook (scripts/lib/bench-webhook.ts): 100 signed `checkout.session.completed`
 *   events, each from receipt to the committed payment row; goal p95 under 200 ms.
 * Needs the PostgreSQL 15 binaries (PG_BIN, default /usr/lib/postgresql/15/bin). Results also go to
 * bench-results/money.json.
 */
import { hundredths } from "../src/features/billing/contract";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import adminMoney from "../netlify/functions/admin-invoices-money.mts";
import adminInvoices from "../netlify/functions/admin-invoices.mts";
import { closeDb, openDatabase, setDatabase } from "../src/platform/db/client";
import { migrateUrl } from "../src/platform/db/migrate";
import { setLogSink } from "../src/platform/log";
import { addDays, dateInZone } from "../src/platform/time";
import { createSession } from "../src/features/admin-auth";
import { documentSequences, invoiceLines, invoicePayments, invoices } from "../src/features/tables";
import { maxExportDays } from "../src/features/invoices/contract";
import { postgresAvailable, startPostgres } from "./lib/postgres-server";
import { benchWebhook } from "./lib/bench-webhook";
import { stats, time } from "./lib/bench-stats";

setLogSink(() => {});
process.env["RATE_LIMIT_SECRET"] ??= randomBytes(32).toString("hex");

const count = 10_000;
const origin = "http://localhost:8888";

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Reads a response body to the end, sampling the process's memory meanwhile. */
async function drain(res: Response) {
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 5);
  let bytes = 0;
  let rows = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const b of value) if (b === 10) rows++;
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }
  clearInterval(sampler);
  return {
    bytes,
    rows: rows - 1,
    rssBeforeMb: mb(before.rss),
    peakRssMb: mb(peakRss),
    heapBeforeMb: mb(before.heapUsed),
    peakHeapMb: mb(peakHeap),
  };
}

if (!postgresAvailable()) {
  console.log("PostgreSQL 15 binaries not found (PG_BIN); bench:money needs them.");
  process.exit(1);
}

const results: Record<string, unknown> = { invoices: count };
const server = await startPostgres();
try {
  await migrateUrl(server.url);
  const client = openDatabase(server.url, { max: 10 });
  setDatabase(client.db);
  const db = client.db;
  const today = dateInZone(new Date());

  // ---------------------------------------------------------------- seed
  const seeded = performance.now();
  const batch = 1000;
  let paymentsSeeded = 0;
  for (let start = 0; start < count; start += batch) {
    const rows = Array.from({ length: Math.min(batch, count - start) }, (_, k) => {
      const i = start + k;
      const issuedOn = addDays(today, -((i * 7) % 730));
      const totalPence = 5_000 + ((i * 7919) % 150_000);
      const kind = i % 10;
      // 0-4 paid, 5-6 part-paid, 7-8 unpaid, 9 void (credited in full)
      const paidPence = kind <= 4 ? totalPence : kind <= 6 ? Math.floor(totalPence / 3) : 0;
      const creditedPence = kind === 9 ? totalPence : 0;
      const status = kind <= 4 ? "paid" : kind <= 6 ? "part-paid" : kind <= 8 ? "unpaid" : "void";
      return {
        kind: "direct",
        number: `KH-${String(i + 1).padStart(5, "0")}`,
        status,
        customerName: `Customer ${i}`,
        customerEmail: `customer${i}@example.com`,
        customerAddress: `${i} High Street, Kirkcaldy`,
        vatRegistered: false,
        supplyDate: issuedOn,
        issuedOn,
        dueOn: addDays(issuedOn, 14),
        netPence: totalPence,
        vatPence: 0,
        totalPence,
        paidPence,
        creditedPence,
      };
    });
    const inserted = await db.insert(invoices).values(rows).returning({
      id: invoices.id,
      issuedOn: invoices.issuedOn,
      totalPence: invoices.totalPence,
      paidPence: invoices.paidPence,
      status: invoices.status,
    });
    await db.insert(invoiceLines).values(
      inserted.flatMap((r) => {
        const labour = Math.floor(r.totalPence / 2);
        return [
          {
            invoiceId: r.id,
            position: 0,
            description: "Materials, supplied and fitted",
            quantityHundredths: hundredths(100),
            unitPence: r.totalPence - labour,
          },
          {
            invoiceId: r.id,
            position: 1,
            description: "Labour",
            quantityHundredths: hundredths(100),
            unitPence: labour,
          },
        ];
      }),
    );
    const payments = inserted
      .filter((r) => r.paidPence > 0)
      .flatMap((r, j) => {
        const first = j % 3 === 0 && r.status === "paid" ? Math.floor(r.paidPence / 2) : r.paidPence;
        const on = addDays(r.issuedOn!, 10);
        const receivedOn = on > today ? today : on;
        const list = [
          { invoiceId: r.id, amountPence: first, method: "bank_transfer", receivedOn, reference: null },
        ];
        if (first < r.paidPence)
          list.push({
            invoiceId: r.id,
            amountPence: r.paidPence - first,
            method: "cash",
            receivedOn,
            reference: null,
          });
        return list;
      });
    paymentsSeeded += payments.length;
    if (payments.length) await db.insert(invoicePayments).values(payments);
  }
  await db.insert(documentSequences).values({ name: "invoice", next: count + 1 });
  results["seedMs"] = Math.round(performance.now() - seeded);
  results["paymentsSeeded"] = paymentsSeeded;
  console.log(
    `Seeded ${count} invoices, ${2 * count} lines, ${paymentsSeeded} payments in ${results["seedMs"]} ms`,
  );

  // ---------------------------------------------------------------- the money screen
  const { token } = await createSession();
  const headers = {
    Cookie: `kh_admin=${token}`,
    Accept: "application/json",
    "x-forwarded-for": "203.0.113.7",
  };
  const loadMoney = async () => {
    const res = await adminMoney(new Request(`${origin}/api/admin/money`, { headers }));
    if (res.status !== 200) throw new Error(`The money screen answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<{ outstandingCount: number; overdueCount: number; months: unknown[] }>;
  };
  const summary = await loadMoney();
  await time(10, loadMoney);
  results["moneyScreenPostgres"] = {
    ...stats(await time(100, loadMoney)),
    outstandingCount: summary.outstandingCount,
    overdueCount: summary.overdueCount,
  };
  console.log("Money screen, PostgreSQL 15, 10,000 invoices (ms):", results["moneyScreenPostgres"]);

  // ---------------------------------------------------------------- the exports
  // The longest range an export allows (a year and a bit), so the file is as large as it can be.
  const from = addDays(today, -(maxExportDays - 1));
  for (const [name, path] of [
    ["xeroCsv", `/api/admin/invoices/export.csv?from=${from}&to=${today}&format=xero`],
    ["paymentsCsv", `/api/admin/invoices/payments.csv?from=${from}&to=${today}`],
  ] as const) {
    const started = performance.now();
    const res = await adminInvoices(new Request(origin + path, { headers }));
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}`);
    const read = await drain(res);
    results[name] = { ms: Math.round(performance.now() - started), ...read };
    console.log(`${name} (the longest range allowed, ${maxExportDays} days):`, results[name]);
  }

  // ---------------------------------------------------------------- a card payment's webhook
  results["stripeWebhookPostgres"] = stats(await benchWebhook(db, 100));
  console.log(
    "Card payment webhook, receipt to payment row, PostgreSQL 15 (ms):",
    results["stripeWebhookPostgres"],
  );

  await closeDb();
  await client.close();
} finally {
  server.stop();
}

mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/money.json", `${JSON.stringify(results, null, 2)}\n`);
