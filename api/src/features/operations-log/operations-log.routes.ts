// The operations log's HTTP surface: GET the log (a page, its count and the filter options) and GET it as CSV. Both
// read the operations_log view (migration 0019), which unions the tables that record transactions: no feature's code
// is imported, and the page, its filters and its count are one SQL query each.
import { z } from "zod";
import { implement, type FeatureRouter } from "../../http/route";
import { operationsLogContract } from "./operations-log.contract";
import { operationsCsvQuery, operationsQuery, operationsResponse } from "./operations-log.schemas";
import { createOperationsLogService, type OperationsLogDeps } from "./operations-log.service";

export type { LocalChainRun, OperationsLogDeps } from "./operations-log.service";

export function createOperationsLogRouter(deps: OperationsLogDeps): FeatureRouter {
  const service = createOperationsLogService(deps);
  const c = operationsLogContract;
  return {
    feature: "operations-log",
    routes: [
      implement(c.list, {
        query: operationsQuery,
        response: operationsResponse,
        handler: ({ query }) => service.list(query),
      }),
      implement(c.csv, {
        query: operationsCsvQuery,
        response: z.never(),
        handler: ({ query }) => service.csv(query),
      }),
    ],
    exports: {},
  };
}
