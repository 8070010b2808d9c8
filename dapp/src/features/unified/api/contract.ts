// The endpoints this feature calls and their types, from the API's contract
// (api/src/features/unified/unified.contract.ts): one declaration for both sides. Types only besides the contract,
// so no zod reaches the page.
export { unifiedContract } from "../../../../../api/src/features/unified/unified.contract";
export type * from "../../../../../api/src/features/unified/unified.schemas";
