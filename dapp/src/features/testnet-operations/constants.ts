// The API's plain values for this feature's pages (no zod), imported from the feature's own module so the pages
// load only their feature's constants.
export * from "../../../../api/src/features/testnet-operations/testnet-operations.constants";
