// The endpoints this feature's pages call (through lib/xrpl/xrpl-api.ts, shared with the other XRPL pages) and
// their types, from the API's contract (api/src/features/xrpl-account/xrpl-account.contract.ts). Types only
// besides the contract itself, so no zod reaches the page.
export { xrplAccountContract } from "../../../../../api/src/features/xrpl-account/xrpl-account.contract";
export type * from "../../../../../api/src/features/xrpl-account/xrpl-account.schemas";
