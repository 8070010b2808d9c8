// The API's professional constants (labels, kinds, the 90/75 colours, the load thresholds), imported
// straight from the API's module rather than through a shared barrel: a module such a barrel reaches is
// bundled in the chunk every page using the barrel loads, and these strings cost those pages ~1 KB gzip of
// first load (measured: /testnet-perfection 149.6 -> 150.8 KB). Only this page needs them.
export * from "../../../../api/src/features/professional/professional.constants";
