// The endpoints this feature calls and their types, from the API's contracts (api/src/features/*/*.contract.ts):
// one declaration for both sides. Types only besides the contracts themselves, so no zod reaches the page.
export { mintingContract } from "../../../../../api/src/features/minting/minting.contract";
export { unifiedContract } from "../../../../../api/src/features/unified/unified.contract";
export type * from "../../../../../api/src/features/minting/minting.schemas";
export type * from "../../../../../api/src/features/unified/unified.schemas";
