// The API's answers for the page's tests: captured from GET /api/operations-log over rows seeded in every table the
// log reads (api/src/features/operations-log/testing/seed.ts), on a local chain run the capture named, and parsed
// here with the API's own schema, so a schema change fails the tests.
import { operationsResponse } from "../../../../../api/src/features/operations-log/operations-log.schemas";
import captured from "./api-responses.json";

/** All 20 seeded operations on one page. */
export const ALL = operationsResponse.parse(captured.first);
/** The same rows ten at a time: the first page, and the one its nextCursor gives. */
export const PAGE_ONE = operationsResponse.parse(captured.firstOfTwo);
export const PAGE_TWO = operationsResponse.parse(captured.secondOfTwo);
/** ?wallet=ALICE */
export const ALICES = operationsResponse.parse(captured.mine);
/** Filters nothing matches. */
export const NONE_MATCH = operationsResponse.parse(captured.empty);
/** A log with nothing in it yet. */
export const EMPTY_LOG = operationsResponse.parse({
  ...captured.empty,
  options: { features: [], ledgers: [], sources: [] },
});

export const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
