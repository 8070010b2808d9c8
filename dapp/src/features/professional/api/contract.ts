// The endpoints this feature calls and their types, from the API's contract
// (api/src/features/professional/professional.contract.ts): one declaration for both sides. Types only besides the
// contract itself, so no zod reaches the page.
export {
  professionalContract,
  professionalRuns,
} from "../../../../../api/src/features/professional/professional.contract";
export type * from "../../../../../api/src/features/professional/professional.schemas";
