// The endpoints this feature calls and their types, from the API's contract
// (api/src/features/cryptocurrency/cryptocurrency.contract.ts): one declaration for both sides. Types only besides
// the contract, so no zod reaches the page.
export { cryptocurrencyContract } from "../../../../../api/src/features/cryptocurrency/cryptocurrency.contract";
export type * from "../../../../../api/src/features/cryptocurrency/cryptocurrency.schemas";
