import { notify } from "../../../components/toast";
import type { TxErrorView } from "../../../lib/tx-errors";
import { formatNumber } from "../../../lib/format";
import type { EthMintRecord, MintRecord, StellarMintRecord, XrpVolumeRecord } from "../api/contract";

const FAILURE_HINT = "Please check your inputs and try again";

/**
 * A live outcome keeps the spec's title (part 1 §8: "... Successful!"); a simulated one was signed offline
 * and never submitted, so its title says "Simulated" instead, its toast is never the success variant, and
 * its description starts with what that means and why.
 */
function outcome(record: MintRecord, liveTitle: string, simulatedTitle: string, what: string) {
  if (record.source === "live") {
    notify({ variant: "success", title: liveTitle, description: what });
    return;
  }
  notify({
    variant: "simulated",
    title: simulatedTitle,
    description: `Signed offline, never submitted: ${record.reason ?? "no reason given"}.\nWould have: ${what}`,
  });
}

/** We name the chain the record was really minted on; a local Hardhat mint never claims Sepolia. */
export function ethMintTitle(record: EthMintRecord) {
  const chain = record.network === "sepolia" ? "Sepolia Testnet" : "Hardhat Local";
  return record.source === "live" ? `${chain} Minting Successful!` : `${chain} Minting Simulated`;
}

export function toastEthMinted(record: EthMintRecord) {
  const minted =
    record.xqbAmount === null || record.xqbusdAmount === null
      ? "XQB + XQBUSD (amounts unknown: the chain could not be asked)"
      : `${formatNumber(record.xqbAmount, 6)} XQB + ${formatNumber(record.xqbusdAmount, 6)} XQBUSD`;
  const title = ethMintTitle(record);
  outcome(record, title, title, `Minted ${minted} for ${record.ethAmount} ETH on ${record.network}`);
}

export function toastStellarMinted(record: StellarMintRecord) {
  outcome(
    record,
    "Stellar Testnet Minting Successful!",
    "Stellar Testnet Minting Simulated",
    `Minted ${formatNumber(record.vibeCoinsAmount, 7)} VIBE for ${record.xlmAmount} XLM on Stellar ${record.network}`,
  );
}

export function toastXrpTested(record: XrpVolumeRecord) {
  outcome(
    record,
    "XRP Testnet Volume Test Successful!",
    "XRP Testnet Volume Test Simulated",
    `Processed ${formatNumber(record.processedAmount, 6)} XRP on XRP Ledger ${record.network}`,
  );
}

export type MintFailureTitle = "ETH Minting Failed" | "Stellar Minting Failed" | "XRP Testing Failed";

/**
 * The spec's failure toast (part 1 §8), with the error in words: "Please check your inputs" only when the
 * input really was refused; an API that is down, a rate limit or a dead ledger say so instead.
 */
export function toastMintFailed(title: MintFailureTitle, error: TxErrorView) {
  notify({
    variant: "error",
    title,
    description:
      error.kind === "invalid-input" ? `${FAILURE_HINT}\n${error.message}` : `${error.title}: ${error.message}`,
  });
}
