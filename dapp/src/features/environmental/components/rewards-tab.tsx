import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { QueryState } from "../../../components/page-shell";
import { SourceBadge } from "../../../components/source-badge";
import { TxHash } from "../../../components/tx-hash";
import { timeText } from "../../../lib/time";
import { useRewards } from "../api/get-rewards";
import type { RewardEntry } from "../api/contract";
import { REWARDS_PAGE } from "../constants";

const PURPOSE_KIND: Record<NonNullable<RewardEntry["purpose"]>["kind"], string> = {
  "environmental-action": "Environmental action",
  funding: "Funding",
  verification: "Verification",
  reward: "Reward",
};

const columns: DataColumn<RewardEntry>[] = [
  {
    id: "recipient",
    header: "Recipient",
    primary: true,
    cell: (r) => <TxHash value={r.recipient} what="address" label="" testId="reward-recipient" />,
  },
  {
    id: "amount",
    header: "Amount",
    align: "right",
    cell: (r) => <span data-testid="reward-amount">{r.amount} VIBE</span>,
  },
  {
    id: "for",
    header: "For",
    cell: (r) =>
      r.purpose ? (
        <span data-testid="reward-purpose" data-kind={r.purpose.kind}>
          {PURPOSE_KIND[r.purpose.kind]}: {r.purpose.detail} (recorded by {r.purpose.recordedBy})
        </span>
      ) : (
        <span data-testid="reward-purpose">Not recorded: no feature recorded what this mint was for</span>
      ),
  },
  {
    id: "tx",
    header: "Transaction",
    cell: (r) => <TxHash value={r.transactionHash} explorerUrl={r.explorerUrl} testId="reward-tx" />,
  },
  {
    id: "block",
    header: "Block · time",
    cell: (r) => (
      <span data-testid="reward-block">
        #{r.blockNumber} · {timeText(r.timestamp, "chain")}
      </span>
    ),
  },
];

/** Every VIBE mint the chain logged, newest first, a page at a time (the cursors the API gives). */
export function RewardsTab() {
  // The cursors of the pages before this one: "Newer" pops, "Older" pushes the page's nextCursor.
  const [trail, setTrail] = useState<(string | null)[]>([null]);
  const cursor = trail.at(-1) ?? null;
  const rewards = useRewards(REWARDS_PAGE.defaultLimit, cursor);
  return (
    <QueryState
      query={rewards}
      what="the VIBE rewards ledger"
      height={480}
      testId="rewards"
      isEmpty={(r) => r.entries.length === 0 && trail.length === 1}
      empty={{
        message:
          "No VIBE has been minted on this chain yet: a reward, an environmental mint or a funding adds a row here.",
      }}
    >
      {(r) => (
        <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 1.5, minWidth: 0 }}>
          <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
            <SourceBadge source={r.source} reason={r.reason} />
            <Typography variant="body2" data-testid="rewards-basis" sx={{ overflowWrap: "anywhere", minWidth: 0 }}>
              Read from the chain: VIBE mint events (transfers from the zero address)
              {r.token.contract ? ` of ${r.token.contract}` : ""}, indexed through block {r.indexedThrough ?? "—"}.
            </Typography>
          </Box>
          <DataTable
            columns={columns}
            rows={r.entries}
            rowKey={(e) => `${e.transactionHash}-${e.logIndex}`}
            rowProps={(e) => ({ "data-tx": e.transactionHash })}
            testId="rewards-table"
            label="VIBE rewards ledger"
          />
          <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end" }}>
            <Button
              size="small"
              disabled={trail.length === 1}
              onClick={() => setTrail((t) => t.slice(0, -1))}
              data-testid="rewards-newer"
            >
              Newer
            </Button>
            <Button
              size="small"
              disabled={!r.nextCursor}
              onClick={() => r.nextCursor && setTrail((t) => [...t, r.nextCursor])}
              data-testid="rewards-older"
            >
              Older
            </Button>
          </Box>
        </Box>
      )}
    </QueryState>
  );
}
