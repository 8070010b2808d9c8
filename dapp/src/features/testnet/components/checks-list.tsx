import CancelOutlinedIcon from "@mui/icons-material/CancelOutlined";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlined";
import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import { TxHash } from "../../../components/tx-hash";
import type { ReadinessCheck } from "../api/contract";

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/** One piece of evidence: a transaction hash is copyable; anything else (an address list, a count) is text. */
function Evidence({ item }: { item: string }) {
  return TX_HASH.test(item) ? (
    <TxHash value={item} testId="check-evidence-hash" />
  ) : (
    <Typography variant="body2" component="span" sx={{ overflowWrap: "anywhere" }}>
      {item}
    </Typography>
  );
}

/** Past this many items the rest fold away (a treasury run has nine hashes), under a native <details>. */
const SHOWN = 3;

function EvidenceList({ items }: { items: readonly string[] }) {
  if (items.length === 0) return null;
  const list = (part: readonly string[]) => (
    <Box component="ul" sx={{ m: 0, pl: 2, mt: 0.5 }}>
      {part.map((e) => (
        <Box component="li" key={e} data-testid="check-evidence-item">
          <Evidence item={e} />
        </Box>
      ))}
    </Box>
  );
  return (
    <Box data-testid="check-evidence">
      {list(items.slice(0, SHOWN))}
      {items.length > SHOWN ? (
        <Box
          component="details"
          sx={{ pl: 2, "& > summary": { cursor: "pointer", color: "primary.main", typography: "body2" } }}
        >
          <summary>{items.length - SHOWN} more</summary>
          {list(items.slice(SHOWN))}
        </Box>
      ) : null}
    </Box>
  );
}

/** Every readiness check: passed or not, what it measured (its reading and its rule), and its evidence. */
export function ChecksList({ checks }: { checks: readonly ReadinessCheck[] }) {
  return (
    <List dense disablePadding data-testid="checks-list">
      {checks.map((c) => (
        <ListItem
          key={c.id}
          data-testid="check"
          data-check={c.id}
          data-passed={c.passed}
          divider
          sx={{ alignItems: "flex-start", gap: 1.5, px: 0 }}
        >
          <Box sx={{ pt: 0.25, color: c.passed ? "success.dark" : "error.dark", display: "flex" }}>
            {c.passed ? (
              <CheckCircleOutlineIcon fontSize="small" aria-hidden />
            ) : (
              <CancelOutlinedIcon fontSize="small" aria-hidden />
            )}
          </Box>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="subtitle2" component="h3">
              {c.label}{" "}
              <Box
                component="span"
                data-testid="check-outcome"
                sx={{ color: c.passed ? "success.dark" : "error.dark", fontWeight: 700 }}
              >
                {c.passed ? "passes" : "does not pass yet"}
              </Box>
            </Typography>
            <Typography variant="body2" data-testid="check-detail" sx={{ overflowWrap: "anywhere" }}>
              {c.detail}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div" data-testid="check-rule">
              Passes when {c.rule}.
            </Typography>
            <EvidenceList items={c.evidence} />
          </Box>
        </ListItem>
      ))}
    </List>
  );
}
