// The endpoints this feature calls and their types, from the API's contract (api/src/features/vibecoins/
// vibecoins.contract.ts): one declaration for both sides. Types only besides the contract, so no zod reaches the page.
export { vibecoinsContract } from "../../../../../api/src/features/vibecoins/vibecoins.contract";
export type * from "../../../../../api/src/features/vibecoins/vibecoins.schemas";
