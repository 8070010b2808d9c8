// The API's zod schemas this feature's forms check with before sending (the same rules the API applies). Values,
// so zod comes with them: only the forms import this (lazy tabs), never a module of the first load.
export { agencyName, createIsolationBody } from "../../../../api/src/features/q-isolator/q-isolator.schemas";
