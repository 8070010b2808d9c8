import { notify } from "../../../components/toast";
import { describeError } from "../../../lib/api-client";
import { TREASURY_MESSAGES } from "../constants";

/** The spec's stake messages (part 2 §8), verbatim from the API's constants, as toasts. (The §5 validation messages
 * are said beside the disabled button by the stake form, not toasted after a click.) */
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
