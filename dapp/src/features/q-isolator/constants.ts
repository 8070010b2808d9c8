// The API's plain values for the isolator page (no zod, no crypto), imported from the feature's own module so
// the page's first load carries only its own constants.
export * from "../../../../api/src/features/q-isolator/q-isolator.constants";
