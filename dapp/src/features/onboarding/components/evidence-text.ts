// A step's evidence in words, the same for a recorded step and one seen now.
import { formatEth, shortenHex } from "../../../lib/format";
import { timeText } from "../../../lib/time";
import type { StepEvidence } from "../api/contract";

export function evidenceText(evidence: StepEvidence): string {
  switch (evidence.kind) {
    case "browser":
      if (evidence.discovery)
        return `${evidence.name ?? "A wallet"} (${evidence.discovery === "eip6963" ? "EIP-6963 announcement" : evidence.discovery}), as this browser reported it`;
      if (evidence.address)
        return `Account ${evidence.address} on chain ${evidence.chainId}, as this browser reported it`;
      return `Chain ${evidence.chainId} read from the wallet, as this browser reported it`;
    case "session":
      return `Sign-In with Ethereum session on chain ${evidence.chainId}, valid until ${timeText(evidence.expiresAt)}`;
    case "faucet-claim":
      return `${evidence.amount} ${evidence.asset} from the faucet${evidence.transactionHash ? `, transaction ${shortenHex(evidence.transactionHash)}` : ""}${evidence.blockNumber ? ` in block ${evidence.blockNumber}` : ""}`;
    case "balance":
      return `${formatEth(BigInt(evidence.wei))} ETH read at block ${evidence.blockNumber} (no faucet claim recorded)`;
    case "event":
      return `${evidence.eventName} on ${evidence.contract}, transaction ${shortenHex(evidence.transactionHash)} in block ${evidence.blockNumber} (${timeText(evidence.blockTimestamp, "chain")})`;
  }
}
