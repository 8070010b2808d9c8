// The endpoints this feature calls and their types, from the API's contract
// (api/src/features/environmental/environmental.contract.ts). Types only besides the contract, so no zod reaches the page.
export { environmentalContract } from "../../../../../api/src/features/environmental/environmental.contract";
export type * from "../../../../../api/src/features/environmental/environmental.schemas";
