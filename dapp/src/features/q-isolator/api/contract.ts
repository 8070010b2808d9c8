// The endpoints this feature calls and their types, from the API's contract (api/src/features/q-isolator/q-isolator.contract.ts):
// one declaration for both sides. Types only besides the contract itself, so no zod reaches the page.
export { qIsolatorContract } from "../../../../../api/src/features/q-isolator/q-isolator.contract";
export type * from "../../../../../api/src/features/q-isolator/q-isolator.schemas";
