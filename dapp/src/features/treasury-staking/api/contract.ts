// The endpoints this feature calls and their types, from the API's contract (api/src/features/treasury-staking/
// treasury-staking.contract.ts): one declaration for both sides. Types only besides the contract, so no zod reaches the page.
export { treasuryStakingContract } from "../../../../../api/src/features/treasury-staking/treasury-staking.contract";
export type * from "../../../../../api/src/features/treasury-staking/treasury-staking.schemas";
