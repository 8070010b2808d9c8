import { notify } from "../../../components/toast";
import type { TxErrorView } from "../../../lib/tx-errors";
import { formatNumber } from "../../../lib/format";
import type { EthMintRecord, MintRecord, StellarMintRecord, XrpVolumeRecord } from "../../../types/api";

const FAILURE_HINT = "Please check your inputs and try again";

const simulatedSuffix = (record: MintRecord) => (record.source === "simulated" ? ` (simulated: ${record.reason ?? "no reason given"})` : "");

/** We name the chain the record was really minted on; a local Hardhat mint never claims Sepolia. */
export function ethMintTitle(record: EthMintRecord) {
  return record.network === "sepolia" ? "Sepolia Testnet Minting Successful!" : "Hardhat Local Minting Successful!";
}

export function toastEthMinted(record: EthMintRecord) {
  notify({
    variant: "success",
    title: ethMintTitle(record),
    description: `Minted ${record.xqbAmount === null || record.xqbusdAmount === null ? "XQB + XQBUSD (amounts unknown: the chain could not be asked)" : `${formatNumber(record.xqbAmount, 6)} XQB + ${formatNumber(record.xqbusdAmount, 6)} XQBUSD`} for ${record.ethAmount} ETH on ${record.network}${simulatedSuffix(record)}`,
  });
}

export function toastStellarMinted(record: StellarMintRecord) {
  notify({
    variant: "success",
    title: "Stellar Testnet Minting Successful!",
    description: `Minted ${formatNumber(record.vibeCoinsAmount, 7)} VIBE for ${record.xlmAmount} XLM on Stellar ${record.network}${simulatedSuffix(record)}`,
  });
}

export function toastXrpTested(record: XrpVolumeRecord) {
  notify({
    variant: "success",
    title: "XRP Testnet Volume Test Successful!",
    description: `Processed ${formatNumber(record.processedAmount, 6)} XRP on XRP Ledger ${record.network}${simulatedSuffix(record)}`,
  });
}

export type MintFailureTitle = "ETH Minting Failed" | "Stellar Minting Failed" | "XRP Testing Failed";

/**
 * The spec's failure toast (part 1 §8), with the error in words: "Please check your inputs" only when the
 * input really was refused; an API that is down, a rate limit or a dead ledger say so instead.
 */
export function toastMintFailed(title: MintFailureTitle, error: TxErrorView) {
  notify({ variant: "error", title, description: error.kind === "invalid-input" ? `${FAILURE_HINT}\n${error.message}` : `${error.title}: ${error.message}` });
}
