// The endpoints this feature calls and their types, from the API's contract (api/src/features/faucet/faucet.contract.ts):
// one declaration for both sides. Types only besides the contract, so no zod reaches the page.
export { faucetContract } from "../../../../../api/src/features/faucet/faucet.contract";
export type * from "../../../../../api/src/features/faucet/faucet.schemas";
