// GET chain/changes's endpoint and event shape, from the API's contract (api/src/features/chain-changes/).
// Shared code, not a feature: the app's one listener refreshes every page's chain reads from it.
export { chainChangesContract } from "../../../../api/src/features/chain-changes/chain-changes.contract";
export { CHAIN_CHANGE_EVENT } from "../../../../api/src/features/chain-changes/chain-changes.constants";
export type { ChainChangeEvent } from "../../../../api/src/features/chain-changes/chain-changes.schemas";
