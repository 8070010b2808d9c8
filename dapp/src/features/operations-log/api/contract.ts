// The endpoints this feature calls and their types, from the API's contract
// (api/src/features/operations-log/operations-log.contract.ts): one declaration for both sides. Types only besides
// the contract, so no zod reaches the page.
export { operationsLogContract } from "../../../../../api/src/features/operations-log/operations-log.contract";
export type * from "../../../../../api/src/features/operations-log/operations-log.schemas";
