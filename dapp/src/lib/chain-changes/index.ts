export { freshFromChain, type ChainReads } from "./reads";
export { chainStream } from "./stream-state";
export { listenToChainChanges } from "./listener";
