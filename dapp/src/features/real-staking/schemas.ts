// The API's validation the forms run as the user types (zod, with the spec's messages), imported only by the
// forms that need it: api/contract.ts stays types-only, so a page's first load does not carry zod for its types.
export {
  expectedDailyRewards,
  stakeAmountSchema,
  stakeEthAmountText,
} from "../../../../api/src/features/real-staking/real-staking.schemas";
