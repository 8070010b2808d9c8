export { freshFromChain, type ChainReads } from "./reads";
export { chainStream } from "./stream-state";
// The listener is not here: the app provider imports it lazily, after the first paint (./listener).
