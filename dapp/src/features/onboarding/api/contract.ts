// The endpoints this feature calls and their types, from the API's contracts: the checklist's own, and the faucet's
// claim (the faucet's public surface, the same call the faucet page makes). Types only besides the contracts.
export { onboardingContract } from "../../../../../api/src/features/onboarding/onboarding.contract";
export type * from "../../../../../api/src/features/onboarding/onboarding.schemas";
export { faucetContract } from "../../../../../api/src/features/faucet/faucet.contract";
export type { FaucetClaimResponse } from "../../../../../api/src/features/faucet/faucet.schemas";
