// The API's plain values for the congressional presentation (no zod), imported from the feature's own module so the
// page loads only its feature's constants.
export * from "../../../../api/src/features/congressional/congressional.constants";
