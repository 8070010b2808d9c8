import { notify } from "../../../components/toast";
import { describeError } from "../../../lib/api-client";

/** The spec's stake messages (part 2 §5, §8), verbatim. */
export const STAKE_TOASTS = {
  invalidInput: { title: "Invalid Input", description: "Please select an opportunity and enter an amount" },
  insufficientAmount: (minimum: number) => ({
    title: "Insufficient Amount",
    description: `Minimum investment required: $${minimum.toLocaleString("en-US", { maximumFractionDigits: 2 })}`,
  }),
  created: { title: "Staking Position Created", description: "Your Treasury bond arbitrage position has been successfully created." },
  failed: { title: "Staking Failed", fallback: "Failed to create staking position" },
} as const;

export const toastInvalidInput = () => notify({ variant: "error", ...STAKE_TOASTS.invalidInput });
export const toastInsufficientAmount = (minimum: number) => notify({ variant: "error", ...STAKE_TOASTS.insufficientAmount(minimum) });
export const toastStakeCreated = () => notify({ variant: "success", ...STAKE_TOASTS.created });

/** "Staking Failed" with the API's reason in words (its code and field), or the spec's fallback. */
export function toastStakeFailed(error: unknown) {
  const reason = error ? describeError(error) : "";
  notify({ variant: "error", title: STAKE_TOASTS.failed.title, description: reason || STAKE_TOASTS.failed.fallback });
}
