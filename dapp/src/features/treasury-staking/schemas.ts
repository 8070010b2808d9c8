// The API's validation the stake form runs as the user types (zod, with the spec's messages), imported only by
// that form: api/contract.ts stays types-only, so the page's first load does not carry zod for its types.
export { treasuryStakeFormSchema } from "../../../../api/src/features/treasury-staking/treasury-staking.schemas";
