// Treasury Fiscal Data (https://fiscaldata.treasury.gov/api-documentation/), no key: debt to the penny and the
// Daily Treasury Statement's operating cash balance. Amounts come as strings; the TGA closing balance sits in
// the `open_today_bal` field of its row (SOURCES.md, section 3).
import { z } from "zod";
import type { Observation } from "../snapshot";
import { cellNumber } from "../snapshot";
import { getJson, LiveReadError } from "./http";

export const DEFAULT_FISCAL_DATA_URL = "https://api.fiscaldata.treasury.gov/services/api/fiscal_service";
export const TGA_ACCOUNT_TYPE = "Treasury General Account (TGA) Closing Balance";

const row = z.object({ record_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }).catchall(z.unknown());
const dataAnswer = z.object({ data: z.array(row) });

async function newestRow(url: string, timeoutMs: number, fetchImpl?: typeof fetch) {
  const parsed = dataAnswer.safeParse(await getJson(url, timeoutMs, fetchImpl));
  if (!parsed.success) throw new LiveReadError("the answer has no data list");
  return parsed.data.data;
}

function observationOf(rows: z.infer<typeof row>[], field: string): Observation {
  for (const r of rows) {
    const value = typeof r[field] === "string" ? cellNumber(r[field]) : undefined;
    if (value !== undefined) return { date: r.record_date, value };
  }
  throw new LiveReadError(`no row with a value in ${field}`);
}

export async function debtToPenny(options: {
  baseUrl: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): Promise<Observation> {
  const q = "sort=-record_date&page[size]=5&fields=record_date,tot_pub_debt_out_amt";
  const rows = await newestRow(
    `${options.baseUrl.replace(/\/$/, "")}/v2/accounting/od/debt_to_penny?${q}`,
    options.timeoutMs,
    options.fetchImpl,
  );
  return observationOf(rows, "tot_pub_debt_out_amt");
}

export async function tgaClosingBalance(options: {
  baseUrl: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): Promise<Observation> {
  const q = `filter=account_type:eq:${encodeURIComponent(TGA_ACCOUNT_TYPE)}&sort=-record_date&page[size]=5`;
  const rows = await newestRow(
    `${options.baseUrl.replace(/\/$/, "")}/v1/accounting/dts/operating_cash_balance?${q}`,
    options.timeoutMs,
    options.fetchImpl,
  );
  return observationOf(
    rows.filter((r) => r.account_type === TGA_ACCOUNT_TYPE),
    "open_today_bal",
  );
}
