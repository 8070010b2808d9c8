// The endpoint this feature calls and its types, from the API's contract
// (api/src/features/landing/landing.contract.ts): one declaration for both sides. Types only besides the contract,
// so no zod reaches the page.
export { landingContract } from "../../../../../api/src/features/landing/landing.contract";
export type * from "../../../../../api/src/features/landing/landing.schemas";
