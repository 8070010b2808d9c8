import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { Pill } from "../../../components/pill";
import { ranByWords } from "../../../components/session/ran-by";
import type { ReadinessItem } from "../api/contract";
import { VERDICT_COLOURS, VERDICT_WORDS, verdictOf } from "../utils/readiness";
import { durationInWords, timeText } from "../../../lib/time";

/** Past this many pieces of evidence the rest fold away under a native <details> (a run lists every step). */
const SHOWN = 3;

function Evidence({ items }: { items: readonly string[] }) {
  if (items.length === 0) return null;
  const list = (part: readonly string[]) => (
    <Box component="ul" sx={{ m: 0, pl: 2, mt: 0.5 }}>
      {part.map((e) => (
        <Box
          component="li"
          key={e}
          data-testid="item-evidence-item"
          sx={{ typography: "body2", overflowWrap: "anywhere" }}
        >
          {e}
        </Box>
      ))}
    </Box>
  );
  return (
    <Box data-testid="item-evidence">
      {list(items.slice(0, SHOWN))}
      {items.length > SHOWN ? (
        <Box
          component="details"
          // 24 px tall, as the link below it: a finger's target (WCAG 2.2 target size; Lighthouse found them overlapping).
          sx={{
            pl: 2,
            "& > summary": { cursor: "pointer", color: "primary.main", typography: "body2", lineHeight: "24px" },
          }}
        >
          <summary>{items.length - SHOWN} more</summary>
          {list(items.slice(SHOWN))}
        </Box>
      ) : null}
    </Box>
  );
}

/** What stands between this testnet and mainnet: every item (failing first, as the API orders them) with its verdict, reading, rule, evidence and where to run or fix it. */
export function ItemsList({ items }: { items: readonly ReadinessItem[] }) {
  return (
    <Box component="ul" data-testid="readiness-items" sx={{ listStyle: "none", m: 0, p: 0 }}>
      {items.map((i) => {
        const verdict = verdictOf(i);
        return (
          <Box
            component="li"
            key={i.id}
            data-testid="readiness-item"
            data-item={i.id}
            data-verdict={verdict}
            sx={{ py: 1.5, borderBottom: 1, borderColor: "divider" }}
          >
            <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
              <Pill
                size="small"
                label={VERDICT_WORDS[verdict]}
                color={VERDICT_COLOURS[verdict]}
                variant={verdict === "pass" ? "filled" : "outlined"}
                data-testid="item-verdict"
                sx={{ fontWeight: 700 }}
              />
              <Typography variant="subtitle2" component="h2">
                {i.label}
              </Typography>
              {i.kind === "statement" ? (
                <Typography variant="caption" color="text.secondary">
                  (a statement, not a reading)
                </Typography>
              ) : null}
            </Box>
            <Typography variant="body2" data-testid="item-detail" sx={{ overflowWrap: "anywhere", mt: 0.5 }}>
              {i.detail}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              data-testid="item-rule"
              sx={{ overflowWrap: "anywhere" }}
            >
              Rule: {i.rule}
            </Typography>
            {i.measuredAt ? (
              <Typography variant="caption" color="text.secondary" component="div" data-testid="item-measured">
                Measured {timeText(i.measuredAt)}
                {i.ageSeconds !== null ? ` (${durationInWords(i.ageSeconds)} ago)` : ""}
                {i.ranBy ? <span data-testid="item-ran-by">{` · run ${ranByWords(i.ranBy)}`}</span> : null}
              </Typography>
            ) : null}
            <Evidence items={i.evidence} />
            {i.link ? (
              <Link
                component={RouterLink}
                to={i.link.href}
                variant="body2"
                data-testid="item-link"
                sx={{ display: "inline-block", mt: 0.5, lineHeight: "24px" }}
              >
                {i.passed === true ? "Run again" : "Run or fix"} at {i.link.label} (runs are an operator&apos;s)
              </Link>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
