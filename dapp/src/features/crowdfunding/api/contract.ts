// The endpoints this feature calls and their types, from the API's contract (api/src/features/crowdfunding/
// crowdfunding.contract.ts): one declaration for both sides. Types only besides the contract, so no zod reaches the page.
export { crowdfundingContract } from "../../../../../api/src/features/crowdfunding/crowdfunding.contract";
export type * from "../../../../../api/src/features/crowdfunding/crowdfunding.schemas";
