// The endpoints this feature calls and their types, from the API's contract (api/src/features/bridge/bridge.contract.ts):
// one declaration for both sides. Types only besides the contract itself, so no zod reaches the page.
export { bridgeContract } from "../../../../../api/src/features/bridge/bridge.contract";
export type * from "../../../../../api/src/features/bridge/bridge.schemas";
