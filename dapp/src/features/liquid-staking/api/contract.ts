// The endpoints this feature calls and their types, from the API's contracts (api/src/features/*/*.contract.ts):
// one declaration for both sides. Types only besides the contracts themselves, so no zod reaches the page.
export { liquidStakingContract } from "../../../../../api/src/features/liquid-staking/liquid-staking.contract";
export { unifiedContract } from "../../../../../api/src/features/unified/unified.contract";
export type * from "../../../../../api/src/features/liquid-staking/liquid-staking.schemas";
export type * from "../../../../../api/src/features/unified/unified.schemas";
