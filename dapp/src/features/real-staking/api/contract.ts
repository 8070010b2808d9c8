// The endpoints this feature calls and their types, from the API's contract (api/src/features/real-staking/
// real-staking.contract.ts): one declaration for both sides. Types only besides the contract, so no zod reaches the page.
export { realStakingContract } from "../../../../../api/src/features/real-staking/real-staking.contract";
export type * from "../../../../../api/src/features/real-staking/real-staking.schemas";
