// The API's amount validation the leverage form runs as the user types (zod, with the spec's messages), imported
// only by that form: api/contract.ts stays types-only, so the page's first load does not carry zod for its types.
export { leverageAmountSchema } from "../../../../api/src/features/liquid-staking/liquid-staking.schemas";
