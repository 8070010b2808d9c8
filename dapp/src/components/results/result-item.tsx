import { lazy, Suspense, useState } from "react";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlined";
import HourglassEmptyIcon from "@mui/icons-material/HourglassEmpty";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ListItem from "@mui/material/ListItem";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { darken } from "@mui/material/styles";
import { shortenHex } from "../../lib/format";
import { timeText } from "../../lib/time";
import { CopyButton } from "../copy-button";
import { SourceBadge, sourceBadgeColors } from "../source-badge";
import { TxHash } from "../tx-hash";
import { LEDGER_LABEL, type ResultDetail, type ResultView } from "./result-view";
import { Pill } from "../pill";

// The dialog (viem's decoder, the checks) is its own chunk, fetched the first time someone opens one.
const CheckDialog = lazy(() => import("./check-dialog"));

function DetailRow({ detail }: { detail: ResultDetail }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {detail.label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, minWidth: 0, display: "flex", alignItems: "center", overflowWrap: "anywhere" }}
      >
        {detail.copy ? (
          <>
            <Box component="span" title={detail.value} sx={{ fontFamily: "monospace" }}>
              {shortenHex(detail.value, 6, 6)}
            </Box>
            <CopyButton value={detail.value} what={detail.label.toLowerCase()} />
          </>
        ) : (
          detail.value
        )}
      </Typography>
    </>
  );
}

/** A live result: confirmed in a block/ledger (green is right here), or submitted and not yet seen confirmed. */
function LiveOutcome({ result }: { result: ResultView }) {
  const confirmed = result.ledgerIndex !== null && result.ledgerIndex !== undefined;
  return (
    <Typography
      data-testid="live-outcome"
      variant="body2"
      component="div"
      sx={{
        mt: 0.5,
        display: "flex",
        alignItems: "center",
        gap: 0.5,
        color: confirmed ? "success.dark" : "text.secondary",
        fontWeight: 600,
      }}
    >
      {confirmed ? (
        <CheckCircleOutlineIcon fontSize="small" aria-hidden />
      ) : (
        <HourglassEmptyIcon fontSize="small" aria-hidden />
      )}
      {confirmed
        ? `Confirmed in ${result.ledger === "ethereum" ? "block" : "ledger"} ${result.ledgerIndex!.toLocaleString("en-US")}`
        : "Submitted; confirmation not yet seen"}
    </Typography>
  );
}

/** A simulated result: never green, never "successful"; says what it is, why, and what it assumed. */
function SimulatedOutcome({ result }: { result: ResultView }) {
  const assumptions = result.assumptions ?? [];
  return (
    <Box
      data-testid="simulated-outcome"
      sx={(theme) => ({ mt: 1, pl: 1.5, borderLeft: `3px solid ${sourceBadgeColors(theme).simulated.border}` })}
    >
      <Typography
        variant="body2"
        component="div"
        sx={(theme) => ({ fontWeight: 700, color: sourceBadgeColors(theme).simulated.ink })}
      >
        Simulated — signed offline, never submitted
      </Typography>
      {result.reason ? (
        <Typography data-testid="simulated-reason" variant="body2" component="div">
          Why: {result.reason}
        </Typography>
      ) : null}
      {assumptions.length > 0 ? (
        // folded: the list stays scannable; a native <details> opens with Enter/Space and is announced
        <Box
          component="details"
          sx={{ "& > summary": { cursor: "pointer", color: "text.secondary", typography: "body2" } }}
        >
          <summary>What it took for granted ({assumptions.length})</summary>
          <Box component="ul" data-testid="simulated-assumptions" sx={{ m: 0, pl: 2.5 }}>
            {assumptions.map((a) => (
              <Typography key={a} component="li" variant="body2" color="text.secondary">
                {a}
              </Typography>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

export function ResultItem({ result, testId = "result" }: { result: ResultView; testId?: string }) {
  const [checking, setChecking] = useState(false);
  const [opened, setOpened] = useState(false);
  const live = result.source === "live";
  const checkable = Boolean(result.signedTransaction || result.attestation);
  return (
    <ListItem
      data-testid={testId}
      data-kind={result.kind}
      data-source={result.source}
      divider
      sx={{ display: "block", py: 1.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
        <Typography data-testid={`${testId}-title`} variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
          {result.title}
        </Typography>
        <SourceBadge source={result.source} reason={result.reason} />
        {result.attestation ? (
          <Pill
            data-testid="quantum-chip"
            size="small"
            variant="outlined"
            label={`Quantum secured (${result.attestation.algorithm})`}
            // the theme's teal (#00897b) is 4.3:1 on white; darkened it passes AA
            sx={(theme) => ({
              color: darken(theme.palette.secondary.main, 0.25),
              borderColor: darken(theme.palette.secondary.main, 0.25),
            })}
          />
        ) : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
        {LEDGER_LABEL[result.ledger]} · <span data-testid={`${testId}-network`}>{result.network}</span> ·{" "}
        <time dateTime={result.createdAt}>{timeText(result.createdAt)}</time>
        {result.meta?.map((m) => ` · ${m}`)}
      </Typography>
      {live ? <LiveOutcome result={result} /> : null}
      <Box sx={{ mt: 0.5 }}>
        <TxHash
          value={result.transactionHash}
          testId={`${testId}-hash`}
          explorerUrl={live ? result.explorerUrl : null}
        />
      </Box>
      {result.details.length > 0 ? (
        <Box
          component="dl"
          sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 1.5, rowGap: 0.25, my: 0.5 }}
        >
          {result.details.map((d) => (
            <DetailRow key={d.label} detail={d} />
          ))}
        </Box>
      ) : null}
      {live ? null : <SimulatedOutcome result={result} />}
      {result.note ? (
        <Typography data-testid="result-note" variant="body2" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          {result.note}
        </Typography>
      ) : null}
      {checkable ? (
        <Box sx={{ mt: 1 }}>
          <Button
            data-testid="check-button"
            size="small"
            variant="text"
            aria-haspopup="dialog"
            onClick={() => {
              setOpened(true);
              setChecking(true);
            }}
          >
            Check it yourself
          </Button>
          {opened ? (
            <Suspense fallback={null}>
              <CheckDialog result={result} open={checking} onClose={() => setChecking(false)} />
            </Suspense>
          ) : null}
        </Box>
      ) : null}
    </ListItem>
  );
}
