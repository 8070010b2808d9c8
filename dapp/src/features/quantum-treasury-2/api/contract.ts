// The endpoints this feature calls and their types, from the API's contract (api/src/features/quantum-treasury-2/
// quantum-treasury-2.contract.ts): one declaration for both sides. Types only besides the contract, so no zod reaches the page.
export {
  coSignAccess,
  quantumTreasury2Contract,
} from "../../../../../api/src/features/quantum-treasury-2/quantum-treasury-2.contract";
export type * from "../../../../../api/src/features/quantum-treasury-2/quantum-treasury-2.schemas";
