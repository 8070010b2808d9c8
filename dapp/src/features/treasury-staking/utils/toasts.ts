import { notify } from "../../../components/toast";
import { describeError } from "../../../lib/api-client";
import { TREASURY_MESSAGES } from "../constants";

/** The spec's stake messages (part 2 §5, §8), verbatim from the API's constants, as toasts. */
/** The spec's "Invalid Input"; a malformed amount ("12abc", "-5") keeps the title and says what is wrong. */
export const toastInvalidInput = (description: string = TREASURY_MESSAGES.invalidInput.description) =>
  notify({ variant: "error", title: TREASURY_MESSAGES.invalidInput.title, description });
export const toastInsufficientAmount = (minimumUsd: number) =>
  notify({ variant: "error", ...TREASURY_MESSAGES.insufficientAmount(minimumUsd) });
export const toastStakeCreated = () => notify({ variant: "success", ...TREASURY_MESSAGES.positionCreated });

/** "Staking Failed" with the API's reason in words (its code and field), or the spec's fallback. */
export function toastStakeFailed(error: unknown) {
  const reason = error ? describeError(error) : "";
  notify({
    variant: "error",
    title: TREASURY_MESSAGES.stakeFailed.title,
    description: reason || TREASURY_MESSAGES.stakeFailed.fallback,
  });
}
