// The endpoint this feature calls and its types, from the API's contract
// (api/src/features/congressional/congressional.contract.ts): one declaration for both sides. Types only besides the
// contract, so no zod reaches the page.
export { congressionalContract } from "../../../../../api/src/features/congressional/congressional.contract";
export type * from "../../../../../api/src/features/congressional/congressional.schemas";
