import { notify } from "../../../components/toast";
import type { TxErrorView } from "../../../lib/tx-errors";
import type { RealStakingCreateStakeResponse } from "../api/contract";
import { STAKE_MESSAGES } from "../constants";

/** "Real Stake Created!" / "Testing {amount} ETH with {protocol}"; a simulated answer says so and why. */
export function toastStakeCreated(amountEth: string, r: RealStakingCreateStakeResponse) {
  const m = STAKE_MESSAGES.stakeCreated(amountEth, r.protocol.name);
  if (r.source === "live") notify({ variant: "success", ...m });
  else
    notify({
      variant: "simulated",
      title: m.title,
      description: `${m.description}\nSimulated: ${r.reason ?? "no reason given"}`,
    });
}

/** "Staking Test Failed" with the failure in words, or the spec's fallback. */
export function toastStakeFailed(error: TxErrorView | null) {
  notify({
    variant: "error",
    title: STAKE_MESSAGES.stakeFailed.title,
    description: error ? `${error.title}: ${error.message}` : STAKE_MESSAGES.stakeFailed.fallback,
  });
}
