// The endpoints this feature calls and their types, from the API's contract (api/src/features/testnet/testnet.contract.ts):
// one declaration for both sides. Types only besides the contract itself, so no zod reaches the page.
export { testnetContract } from "../../../../../api/src/features/testnet/testnet.contract";
export type * from "../../../../../api/src/features/testnet/testnet.schemas";
