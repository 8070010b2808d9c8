// The endpoint this feature calls and its types, from the API's contract
// (api/src/features/network-verification/network-verification.contract.ts): one declaration for both sides. Types
// only besides the contract, so no zod reaches the page.
export { networkVerificationContract } from "../../../../../api/src/features/network-verification/network-verification.contract";
export type * from "../../../../../api/src/features/network-verification/network-verification.schemas";
