import { useState } from "react";
import { Notice, NoticeTitle } from "../../../components/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { SafeFlow } from "../../../components/safe-flow";
import { useGate } from "../../../components/session/use-access";
import { SourceBadge } from "../../../components/source-badge";
import { TxHash } from "../../../components/tx-hash";
import { useNetwork } from "../../../lib/network/get-network";
import {
  QT_MINIMUM_RATIO_PERCENT,
  QT_OPERATION_NAMES,
  QT_OPERATIONS,
  qtAmountProblem,
  type QtOperationName,
} from "../constants";
import { AmountForm, textRule, type AmountRule } from "../../../components/form";
import { quantumTreasury2Contract, type QtExecuteResponse } from "../api/contract";
import { useTreasuryBusy, useTreasuryOperation } from "../hooks/use-treasury-operation";
import { tokenFull } from "../utils/format";
import { flowOfProposal } from "../utils/proposal-flow";
import { failureOf, refusalOf } from "../utils/refusal";
import { SafeTxCalls } from "./call-list";
import { CoSignOption } from "./co-sign-option";
import { SafeQueue } from "./safe-queue";
import { StateChange } from "./state-change";

/** Each operation's amount rule: the API's own (parseAmount refuses with qtAmountProblem), zod-free. */
const RULES = Object.fromEntries(
  QT_OPERATION_NAMES.map((op) => [
    op,
    textRule((t) => qtAmountProblem(t, QT_OPERATIONS[op].unit, QT_OPERATIONS[op].decimals)),
  ]),
) as Record<QtOperationName, AmountRule>;

/** What each operation does on chain, in a sentence (the cards' descriptions). */
const WHAT_IT_DOES: Record<QtOperationName, string> = {
  deploy_capital:
    "Deposits USDC into the treasury vault as the Safe's collateral: one Safe batch of USDC.approve(vault) and vault.depositUsdc. On the local chain the API first issues the mock USDC to the Safe.",
  mint_xqb:
    "Mints XQB to the Safe: XQBToken.mint, which only the Safe may call (it holds MINTER_ROLE). The supply is capped at 1,000,000,000 XQB.",
  enable_xqbusd: `Mints XQBUSD against the Safe's vault collateral at ${QT_MINIMUM_RATIO_PERCENT}%: vault.mintXqbusd. The vault refuses what its collateral cannot back.`,
};

/**
 * Treasury Operations: the spec's three action cards. A signed-in wallet proposes each as a Safe transaction;
 * it waits in "Safe transactions" below, where the owners sign it with their own wallets and the signature
 * that meets the threshold executes it. An operator may instead have the server co-sign with the local
 * chain's public dev keys (labelled as such). While one runs, every button waits (spec §4).
 */
export function OperationsTab({
  collateral,
  onCollateral,
}: {
  collateral: string;
  onCollateral: (value: string) => void;
}) {
  const [amounts, setAmounts] = useState<Record<Exclude<QtOperationName, "deploy_capital">, string>>({
    mint_xqb: String(QT_OPERATIONS.mint_xqb.defaultAmount),
    enable_xqbusd: String(QT_OPERATIONS.enable_xqbusd.defaultAmount),
  });
  const [coSign, setCoSign] = useState(false);
  const busy = useTreasuryBusy();
  return (
    <Stack spacing={2} data-testid="qt-operations">
      <CoSignOption id="qt-ops-cosign" checked={coSign} onChange={setCoSign} disabled={busy} />
      {QT_OPERATION_NAMES.map((op) => (
        <OperationCard
          key={op}
          operation={op}
          amount={op === "deploy_capital" ? collateral : amounts[op]}
          onAmount={(v) => (op === "deploy_capital" ? onCollateral(v) : setAmounts((a) => ({ ...a, [op]: v })))}
          coSign={coSign}
        />
      ))}
      <SafeQueue />
    </Stack>
  );
}

function OperationCard({
  operation,
  amount,
  onAmount,
  coSign,
}: {
  operation: QtOperationName;
  amount: string;
  onAmount: (value: string) => void;
  coSign: boolean;
}) {
  const spec = QT_OPERATIONS[operation];
  const write = useTreasuryOperation(operation);
  const busy = useTreasuryBusy();
  // Proposing is a signed-in wallet's act (the contract's access for execute); the note says how to get there.
  const gate = useGate(quantumTreasury2Contract.execute.access);
  const refusal = write.isError ? refusalOf(write.error) : null;
  return (
    <Card variant="outlined" data-testid={`qt-op-${operation}`} data-state={write.status}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {spec.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {WHAT_IT_DOES[operation]}
        </Typography>
        <Box sx={{ maxWidth: 480 }}>
          {/* Spec §4-5: disabled while the amount is empty or any treasury write is pending; nothing happens for 0. */}
          <AmountForm
            id={`qt-amount-${operation}`}
            label={`Amount (${spec.unit})`}
            unit={spec.unit}
            step={1}
            value={amount}
            onChange={onAmount}
            onSubmit={() => write.mutate({ amount: amount.trim(), coSign })}
            schema={RULES[operation]}
            schemaInput="text"
            hint={operation === "deploy_capital" ? "The USDC collateral amount of the calculator" : undefined}
            gate={gate}
            busy={busy}
            pending={write.isPending}
            buttonLabel={spec.button}
            pendingLabel={spec.pending}
            inputTestId={`qt-amount-${operation}`}
            buttonTestId={`qt-run-${operation}`}
          />
        </Box>
        {write.isPending ? (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 2 }}>
            {coSign
              ? "Proposing the Safe transaction, signing it with the server's dev keys and executing it…"
              : "Proposing the Safe transaction…"}
          </Typography>
        ) : null}
        {refusal ? (
          <Notice
            severity="warning"
            data-testid="qt-refusal"
            sx={{ mt: 2 }}
            action={
              refusal.maxAmount !== null && Number(refusal.maxAmount) > 0 ? (
                <Button
                  color="inherit"
                  size="small"
                  data-testid="qt-use-max"
                  onClick={() => onAmount(refusal.maxAmount!)}
                >
                  Use the largest amount it can back
                </Button>
              ) : undefined
            }
          >
            <NoticeTitle>The vault refused it</NoticeTitle>
            <span data-testid="qt-refusal-message">{refusal.message}</span>
            {refusal.details.map((d) => (
              <Box key={d}>{d}</Box>
            ))}
            {refusal.maxAmount !== null ? (
              <Box data-testid="qt-refusal-max">
                Largest amount it can back now: {tokenFull(refusal.maxAmount, spec.unit)}
              </Box>
            ) : null}
          </Notice>
        ) : write.isError ? (
          <Notice severity="error" data-testid="qt-op-error" sx={{ mt: 2 }}>
            <NoticeTitle>{failureOf(write.error).title}</NoticeTitle>
            {failureOf(write.error).message}
          </Notice>
        ) : null}
        {write.data ? <OperationResult result={write.data} /> : null}
      </CardContent>
    </Card>
  );
}

/**
 * A treasury result. Proposed: its safeTxHash and where the owners sign it (Safe transactions, below). Executed
 * at once (the operator's dev-key co-signing): the steps the API sent first, the Safe flow with each signature
 * labelled as the server's, the calls, and the chain before and after.
 */
export function OperationResult({ result }: { result: QtExecuteResponse }) {
  const network = useNetwork();
  if (result.status === "pending") {
    return (
      <Notice severity="info" data-testid="qt-proposed" data-safe-tx-hash={result.safeTxHash} sx={{ mt: 2 }}>
        <NoticeTitle>Proposed to the Safe</NoticeTitle>
        <Box sx={{ display: "grid", gap: 0.5 }}>
          <TxHash value={result.safeTxHash} label="safeTxHash" what="Safe transaction hash" testId="qt-proposed-hash" />
          <span>
            Nothing has moved yet. It waits for {result.threshold} of the Safe's owners to sign it with their own
            wallets in Safe transactions (Treasury Operations tab;{result.signatures.length} of {result.threshold} so
            far); the signature that meets the threshold executes it.
          </span>
        </Box>
      </Notice>
    );
  }
  return (
    <Stack spacing={2} sx={{ mt: 2 }} data-testid="qt-result" data-status={result.status}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        <Typography variant="subtitle1" component="h3">
          Executed by the Safe
        </Typography>
        <SourceBadge source={result.source} reason={result.reason} />
      </Stack>
      {result.steps.length > 0 ? (
        <Box data-testid="qt-pre-steps">
          <Typography variant="body2" color="text.secondary">
            Sent first by the API's own account:
          </Typography>
          {result.steps.map((s) => (
            <Box
              key={s.transactionHash}
              data-testid="qt-pre-step"
              sx={{ display: "flex", flexWrap: "wrap", columnGap: 1, alignItems: "center" }}
            >
              <Typography variant="body2">{s.label}</Typography>
              <TxHash
                value={s.transactionHash}
                explorerUrl={
                  network.data?.explorerBaseUrl ? `${network.data.explorerBaseUrl}/tx/${s.transactionHash}` : null
                }
              />
              {s.block ? (
                <Typography variant="caption" color="text.secondary">
                  block {s.block}
                </Typography>
              ) : null}
            </Box>
          ))}
        </Box>
      ) : null}
      <SafeFlow
        flow={{
          ...flowOfProposal(result.proposal, { block: result.block, explorerBaseUrl: network.data?.explorerBaseUrl }),
          status: result.status,
          transactionHash: result.transactionHash,
          signatures: result.signatures,
        }}
      />
      <SafeTxCalls calls={result.calls} />
      <StateChange before={result.before} after={result.after} />
    </Stack>
  );
}
