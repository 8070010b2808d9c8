// The endpoints this feature calls and their types, from the API's contract (api/src/features/security/security.contract.ts):
// one declaration for both sides. Types only besides the contract itself, so no zod reaches the page.
export { securityContract, securityTests } from "../../../../../api/src/features/security/security.contract";
export type * from "../../../../../api/src/features/security/security.schemas";
