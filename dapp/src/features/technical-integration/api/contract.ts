// The endpoint this feature calls and its types, from the API's contract
// (api/src/features/technical-integration/technical-integration.contract.ts): one declaration for both sides. Types
// only besides the contract, so no zod reaches the page.
export { technicalIntegrationContract } from "../../../../../api/src/features/technical-integration/technical-integration.contract";
export type * from "../../../../../api/src/features/technical-integration/technical-integration.schemas";
