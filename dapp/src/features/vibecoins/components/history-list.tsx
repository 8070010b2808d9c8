import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import { QueryState } from "../../../components/page-shell";
import { Pill } from "../../../components/pill";
import { TxHash } from "../../../components/tx-hash";
import { timeText } from "../../../lib/time";
import { useHistory } from "../api/get-history";
import { supplyText } from "./supplies-panel";

/** The wallet's rewards and burns, newest first, from the API's event index. */
export function HistoryList({ wallet }: { wallet: string | undefined }) {
  const history = useHistory(wallet);
  return (
    <Box component="section" aria-labelledby="history-heading">
      <Typography id="history-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Your rewards and burns
      </Typography>
      {!wallet ? (
        <Typography variant="body2" color="text.secondary" data-testid="history-no-wallet">
          Connect a wallet to see its rewards and burns.
        </Typography>
      ) : (
        <QueryState
          query={history}
          what="the history"
          height={80}
          testId="history"
          isEmpty={(d) => d.entries.length === 0}
          empty={{ message: "No rewards or burns yet: earn a reward or burn some VIBE or XQB above." }}
        >
          {(data) => (
            <List dense disablePadding data-testid="history-list">
              {data.entries.map((e) => (
                <ListItem
                  key={`${e.transactionHash}-${e.kind}-${e.token}`}
                  divider
                  data-testid="history-entry"
                  data-kind={e.kind}
                  sx={{ flexWrap: "wrap", columnGap: 1.5, rowGap: 0.5, px: 0 }}
                >
                  <Pill
                    size="small"
                    label={e.kind === "reward" ? "Reward" : "Burn"}
                    color={e.kind === "reward" ? "success" : "warning"}
                  />
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {e.kind === "reward" ? "+" : "−"}
                    {supplyText(e.amount)} {e.token}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    block {e.blockNumber} · {timeText(e.timestamp, "chain")}
                  </Typography>
                  <TxHash value={e.transactionHash} explorerUrl={e.explorerUrl} testId="history-hash" />
                </ListItem>
              ))}
            </List>
          )}
        </QueryState>
      )}
    </Box>
  );
}
