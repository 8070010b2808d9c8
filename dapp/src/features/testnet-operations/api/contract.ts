// The endpoints this feature calls and their types, from the API's contract
// (api/src/features/testnet-operations/testnet-operations.contract.ts): one declaration for both sides. Types only
// besides the contract, so no zod reaches the pages.
export { testnetOperationsContract } from "../../../../../api/src/features/testnet-operations/testnet-operations.contract";
export type * from "../../../../../api/src/features/testnet-operations/testnet-operations.schemas";
// What the Stellar payment's verifyPath answers (the coin layer's verify endpoint), as a type only.
export type { VerifyResponse } from "../../../../../api/src/features/cryptocurrency/cryptocurrency.schemas";
