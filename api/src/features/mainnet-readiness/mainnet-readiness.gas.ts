// The gas item: docs/gas-report.json (written by `npm run bench:gas`, committed beside docs/GAS.md) read as
// it is: n of m anchored calls within budget, the over-budget ones named, the date measured and the commit.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

/** The committed report, from the repository root (api/src/features/mainnet-readiness -> ../../../..). */
export const GAS_REPORT_PATH = path.resolve(__dirname, "../../../../docs/gas-report.json");

const gasReportFile = z.object({
  measuredAt: z.string(),
  commit: z.string().nullable().optional(),
  budgetRule: z.string().optional(),
  rows: z.array(
    z.object({
      call: z.string(),
      scenario: z.string(),
      executionGas: z.number().nullable(),
      budget: z.number().nullable(),
      within: z.boolean().nullable(),
    }),
  ),
});

export interface GasReading {
  passed: boolean | null;
  detail: string;
  evidence: string[];
  measuredAt: string | null;
}

const num = (n: number | null) => (n === null ? "—" : n.toLocaleString("en-US"));

export async function readGasReport(file: string = GAS_REPORT_PATH): Promise<GasReading> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return {
      passed: null,
      detail: `not measured: ${path.basename(file)} is missing (run npm run bench:gas)`,
      evidence: [],
      measuredAt: null,
    };
  }
  const parsed = gasReportFile.safeParse(
    (() => {
      try {
        return JSON.parse(text);
      } catch {
        return null;
      }
    })(),
  );
  if (!parsed.success)
    return {
      passed: null,
      detail: `not measured: ${path.basename(file)} is not a gas report (run npm run bench:gas again)`,
      evidence: [],
      measuredAt: null,
    };
  const r = parsed.data;
  const anchored = r.rows.filter((row) => row.within !== null);
  const over = anchored.filter((row) => row.within === false);
  const unanchored = r.rows.length - anchored.length;
  const measuredAt = Number.isNaN(Date.parse(r.measuredAt)) ? null : new Date(r.measuredAt).toISOString();
  const commit = r.commit
    ? ` at commit ${r.commit.slice(0, 12)}${r.commit.endsWith("+dirty") ? " (contracts modified)" : ""}`
    : "";
  if (anchored.length === 0)
    return {
      passed: null,
      detail: `not measured: no call in the report has a budget (${r.rows.length} rows)`,
      evidence: [],
      measuredAt,
    };
  return {
    passed: over.length === 0,
    detail: `${anchored.length - over.length} of ${anchored.length} calls with a budget are within it${over.length ? `; over: ${over.map((o) => o.call).join(", ")}` : ""} (${unanchored} without an anchor, listed in docs/GAS.md); measured ${r.measuredAt}${commit}`,
    evidence: over.map(
      (o) => `${o.call} (${o.scenario}): ${num(o.executionGas)} execution gas > ${num(o.budget)} budget`,
    ),
    measuredAt,
  };
}
