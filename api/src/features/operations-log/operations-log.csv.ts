// The export's bytes: csv-stringify (RFC 4180 quoting of commas, quotes and line breaks), one header line, the rows
// in the answer's order. A memo or reason is text someone else wrote: a cell that a spreadsheet would run as a
// formula (=, +, -, @ first) is prefixed with a quote.
import { stringify } from "csv-stringify/sync";
import type { OperationRow } from "./operations-log.schemas";

export const CSV_COLUMNS = [
  "at",
  "clock",
  "feature",
  "ledger",
  "kind",
  "hash",
  "status",
  "source",
  "reason",
  "wallet",
  "chainInstance",
  "earlierRun",
  "link",
  "detail",
  "id",
] as const satisfies readonly (keyof OperationRow)[];

export function operationsCsv(rows: readonly OperationRow[]): string {
  return stringify(rows as OperationRow[], {
    header: true,
    columns: CSV_COLUMNS.map((key) => ({ key })),
    record_delimiter: "windows",
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { boolean: (b) => (b ? "true" : "false") },
  });
}
