// The API's plain values for this feature's page (no zod), imported from the feature's own module so the page
// loads only its feature's constants.
export * from "../../../../api/src/features/environmental/environmental.constants";
