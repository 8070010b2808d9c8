import Typography from "@mui/material/Typography";
import { QueryState } from "../../../components/page-shell";
import { useWalletAccount } from "../../../components/wallet/wallet-account";
import { useBridgeTransfers } from "../api/get-transfers";
import { TransfersTable } from "./transfers-table";

/** The connected wallet's transfers (sent or received), newest first, each one followable. */
export function MyTransfers({ onFollow }: { onFollow: (id: string) => void }) {
  const { address, status } = useWalletAccount();
  const query = useBridgeTransfers(address, { enabled: Boolean(address) });
  if (!address) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="my-transfers-connect">
        {status === "loading" || status === "reconnecting"
          ? "Looking for your wallet…"
          : "Connect a wallet to see its transfers."}
      </Typography>
    );
  }
  return (
    <QueryState
      query={query}
      what="your transfers"
      height={160}
      testId="my-transfers"
      isEmpty={(d) => d.transfers.length === 0}
      empty={{ message: "No transfers from or to this wallet yet: send one from the first tab." }}
    >
      {(d) => <TransfersTable transfers={d.transfers} onFollow={onFollow} testId="my-transfers-table" />}
    </QueryState>
  );
}
