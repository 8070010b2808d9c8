// The endpoints this feature's page calls (through lib/stellar/stellar-api.ts, shared with the other Stellar pages)
// and their types, from the API's contract (api/src/features/stellar-account/stellar-account.contract.ts). Types
// only besides the contract itself, so no zod reaches the page.
export { stellarAccountContract } from "../../../../../api/src/features/stellar-account/stellar-account.contract";
export type * from "../../../../../api/src/features/stellar-account/stellar-account.schemas";
