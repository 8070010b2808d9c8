// The API's plain values for this feature's pages (no zod), imported from the feature's own module so a page
// loads only its feature's constants.
export * from "../../../../api/src/features/faucet/faucet.constants";
