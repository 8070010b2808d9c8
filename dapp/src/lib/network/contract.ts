// GET network's endpoint and types, from the API's contract (api/src/features/network/network.contract.ts).
// Shared code, not a feature: the wagmi config, the wallet menus and the address labels all read it.
export { networkContract } from "../../../../api/src/features/network/network.contract";
export type * from "../../../../api/src/features/network/network.schemas";
