import Typography from "@mui/material/Typography";
import { Notice } from "../../../components/notice";
import { SourceBadge } from "../../../components/source-badge";
import type { BridgeLedger, BridgeSummary } from "../api/types";
import { LEDGER_NAMES } from "../utils/steps";
import { durationInWords } from "../../../lib/time";

/**
 * Where a transfer will go, said before the user locks: the destination ledger's mode (live or simulated, and
 * why) from the bridge summary, and what simulated means for XQB locked now: the relayer signs the payment
 * offline, cannot deliver it, and the escrow refunds the lock after the deadline.
 */
export function DestinationMode({
  ledgers,
  summary,
  testId = "destination-mode",
  way = "out",
}: {
  ledgers: readonly BridgeLedger[];
  summary: BridgeSummary | undefined;
  testId?: string;
  /** "out": XQB locked here for delivery there; "back": a payment there to the issuer, released here. */
  way?: "out" | "back";
}) {
  if (!summary) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid={testId} data-mode="unknown">
        Reading the destination ledger&apos;s mode…
      </Typography>
    );
  }
  const modes = ledgers.map((l) => ({ ledger: l, supply: summary.supplies.find((s) => s.ledger === l) }));
  const simulated = modes.filter((m) => m.supply?.source !== "live");
  const refundAfter = durationInWords(summary.rules.deadlineSeconds);
  return (
    <>
      <Typography
        variant="body2"
        component="div"
        data-testid={testId}
        data-mode={simulated.length ? "simulated" : "live"}
        sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}
      >
        {modes.map((m) => (
          <span key={m.ledger} style={{ display: "inline-flex", gap: 6, alignItems: "center" }}>
            {LEDGER_NAMES[m.ledger]}:
            <SourceBadge source={m.supply?.source ?? "simulated"} reason={m.supply?.reason ?? "mode not known"} />
          </span>
        ))}
      </Typography>
      {simulated.length ? (
        <Notice severity="warning" data-testid={`${testId}-warning`}>
          {simulated.map((m) => LEDGER_NAMES[m.ledger]).join(" and ")} {simulated.length > 1 ? "are" : "is"} simulated
          now
          {simulated.length === 1 && simulated[0]!.supply?.reason ? ` (${simulated[0]!.supply.reason})` : ""}:{" "}
          {way === "out"
            ? `the relayer signs the payment offline but cannot deliver it. XQB locked now stays in the escrow and is refunded to the sender after ${refundAfter}, unless the ledger comes back before then.`
            : "your payment to the issuer is signed offline and not submitted, so nothing is released on the local chain."}
        </Notice>
      ) : null}
    </>
  );
}
