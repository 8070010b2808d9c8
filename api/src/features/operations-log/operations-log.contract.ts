// The operations log's endpoints, declared once for the API and the dapp. Schemas by type only.
import type { z } from "zod";
import { endpoint } from "../../http/endpoint";
import { OPERATIONS_CSV_MAX_ROWS } from "./operations-log.constants";
import type { operationsCsvQuery, operationsQuery, operationsResponse } from "./operations-log.schemas";

export const operationsLogContract = {
  list: endpoint<{ query: typeof operationsQuery; response: typeof operationsResponse }>()({
    method: "get",
    path: "/api/operations-log",
    access: "visitor",
    feature: "operations-log",
    summary:
      "Every transaction the product sent or recorded, on every ledger and from every feature, newest first: when, feature, ledger, kind, hash, status, live or simulated with the reason, the explorer link where one exists, and whether a local-chain row is from an earlier run of the node. Filters by ledger, feature, source and wallet; pages by cursor in the database; the total for the filters and the filter options with their counts",
  }),
  csv: endpoint<{ query: typeof operationsCsvQuery; response: z.ZodNever }>()({
    method: "get",
    path: "/api/operations-log.csv",
    access: "visitor",
    feature: "operations-log",
    summary: `The log's rows for the same filters as CSV (an attachment), newest first, at most ${OPERATIONS_CSV_MAX_ROWS}: X-Operations-Total gives the rows the filters match and X-Operations-Truncated is set when the file stops at the bound`,
    binary: {
      contentType: "text/csv",
      description: "One header line, then one line per operation (RFC 4180 quoting)",
    },
  }),
};
