// The endpoints this feature calls and their types, from the API's contract
// (api/src/features/mainnet-readiness/mainnet-readiness.contract.ts): one declaration for both sides. Types only
// besides the contract itself, so no zod reaches the page.
export { mainnetReadinessContract } from "../../../../../api/src/features/mainnet-readiness/mainnet-readiness.contract";
export type * from "../../../../../api/src/features/mainnet-readiness/mainnet-readiness.schemas";
