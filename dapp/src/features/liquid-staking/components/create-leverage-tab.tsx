import { useDeferredValue, useEffect, useState } from "react";
import { Notice } from "../../../components/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { formatEther, parseEther } from "viem";
import { useBalance, useConnection } from "wagmi";
import { ActionButton, AmountField, validateAmount } from "../../../components/form";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { SourceBadge } from "../../../components/source-badge";
import { notify } from "../../../components/toast";
import { TransactionFlowDialog, type TxPreviewRow } from "../../../components/transaction-flow";
import { describeError } from "../../../lib/api-client";
import { formatNumber, shortenHex, truncateDecimals } from "../../../lib/format";
import { describeTxError } from "../../../lib/tx-errors";
import type { LeveragePreview, LeverageRatio, StrategyId } from "../api/contract";
import { ENTER_ETH_AMOUNT, LEVERAGE_RATIO_LABELS, LEVERAGE_RATIOS, MISSING_INFORMATION } from "../constants";
import { leverageAmountSchema } from "../schemas";
import { usePreview } from "../api/get-preview";
import { useStrategies } from "../api/get-strategies";
import { useLiquidTokens } from "../api/get-tokens";
import { useSimulateLeverage } from "../api/simulate";
import { LEVERAGE_CHAIN_ID, useLeverageWrites } from "../hooks/use-leverage-writes";
import { ethText, Figure, percentText, usdText } from "./figures";
import { RiskBadge } from "./risk-badge";

// MUI X Charts (some 70 KB gzip) load when the first simulation is drawn, and are fetched when this tab opens.
const SimulationChart = lazyPart(() => import("./simulation-chart").then((m) => m.SimulationChart), {
  fallback: <PartLoading minHeight={320} label="Loading the chart" />,
  name: "The chart",
});

/** Kept back from the wallet's ETH by Max: setDelegate + openPosition cost ~0.5M gas; this covers it at testnet prices. */
const GAS_RESERVE_WEI = parseEther("0.01");

/** minDeposit / ratio, rounded up to the wei (the router's own rule), as ETH text. */
export function minimumOwnEth(minDepositEth: string, ratio: number): string {
  const bps = BigInt(Math.round(ratio * 10_000));
  return formatEther((parseEther(minDepositEth) * 10_000n + bps - 1n) / bps);
}

export type CreateForm = { strategy: StrategyId | ""; amount: string; ratio: LeverageRatio };

/** The figures the router's preview gives for the form's choice, as flow-dialog rows (also shown on the tab). */
export function previewRows(p: LeveragePreview, gas: string | null): TxPreviewRow[] {
  return [
    { label: "You send", value: `${p.ethAmount} ETH`, testId: "preview-send" },
    {
      label: "Total position (collateral)",
      value: `${truncateDecimals(p.collateralEth, 6)} ETH (${truncateDecimals(p.collateralShares, 6)} ${p.collateralToken})`,
      testId: "preview-collateral",
    },
    { label: "Borrowed (debt)", value: `${truncateDecimals(p.debtEth, 6)} ETH`, testId: "preview-debt" },
    { label: "Health factor", value: formatNumber(p.healthFactor, 4), testId: "preview-health-factor" },
    {
      label: "Liquidation price",
      value: `${usdText(p.liquidationPriceUsd)} per ${p.collateralToken} (${formatNumber(p.liquidationPriceEth, 6)} ETH; now ${formatNumber(p.exchangeRate, 6)})`,
      testId: "preview-liquidation-price",
    },
    {
      label: "Net APY",
      value: `${percentText(p.netAPY)} (borrow ${percentText(p.borrowAPYAfter)} after this loan)`,
      testId: "preview-net-apy",
    },
    {
      label: "Annual returns",
      value: `${formatNumber(p.annualReturnsEth, 6)} ETH at today's rates`,
      testId: "preview-annual",
    },
    ...(gas
      ? [
          {
            label: "Gas estimate (openPosition)",
            value: `${Number(gas).toLocaleString("en-US")} gas`,
            testId: "preview-gas",
          },
        ]
      : []),
  ];
}

export function CreateLeverageTab({
  form,
  onChange,
  onCreated,
}: {
  form: CreateForm;
  onChange: (form: CreateForm) => void;
  onCreated: () => void;
}) {
  const { address } = useConnection();
  const balance = useBalance({ address, chainId: LEVERAGE_CHAIN_ID, query: { enabled: Boolean(address) } });
  const strategies = useStrategies();
  const simulate = useSimulateLeverage();
  const writes = useLeverageWrites();
  const [preparing, setPreparing] = useState(false);
  useEffect(() => void SimulationChart.preload().catch(() => {}), []);
  const [createError, setCreateError] = useState<string | null>(null);

  // The amount's maximum is the wallet's real balance (not the spec's fixed 0.036); without a wallet, the API's bound.
  const maxEth = address && balance.data ? Number(formatEther(balance.data.value)) : undefined;
  // The least ETH of the user's own this strategy takes at this ratio (the LST's minimum deposit / ratio, as the
  // router checks it): said under the field and checked here, so no preview is asked for an amount it refuses.
  const tokens = useLiquidTokens();
  const collateral = strategies.data?.strategies.find((s) => s.id === form.strategy)?.collateralToken;
  const token = tokens.data?.tokens.find((t) => t.symbol === collateral);
  const minimum = token ? minimumOwnEth(token.minDepositEth, form.ratio) : null;
  const schema = leverageAmountSchema(maxEth).refine(
    (n) => minimum === null || n >= Number(minimum),
    `at ${form.ratio}x, ${collateral} takes at least ${minimum} ETH of yours (its minimum deposit is ${token?.minDepositEth} ETH)`,
  );
  const { amount, error: amountError } = validateAmount(form.amount, schema, "ETH");
  const deferred = useDeferredValue({ strategy: form.strategy, amount, ratio: form.ratio, address });
  const previewInput =
    deferred.strategy && deferred.amount !== null
      ? {
          strategy: deferred.strategy,
          ethAmount: deferred.amount,
          leverageRatio: deferred.ratio,
          walletAddress: deferred.address,
        }
      : null;
  const preview = usePreview(previewInput);

  const missing = !form.strategy || form.amount.trim() === "";
  // Why Create is disabled, said beside it: the first of what is missing or refused.
  const createBlocked = !form.strategy
    ? "Choose a strategy"
    : form.amount.trim() === ""
      ? ENTER_ETH_AMOUNT
      : amountError
        ? amountError
        : !address
          ? "Connect a wallet"
          : preview.isError
            ? describeError(preview.error)
            : preview.data?.preview.possible === false
              ? `Not possible now: ${preview.data.preview.reason}`
              : null;
  const creating = preparing || writes.flow.busy;
  const p = preview.data?.preview;
  const set = (change: Partial<CreateForm>) => {
    setCreateError(null);
    onChange({ ...form, ...change });
  };

  const create = async () => {
    if (!address || !form.strategy || amount === null) return;
    setPreparing(true);
    setCreateError(null);
    const strategy = form.strategy;
    const ratio = form.ratio;
    const text = form.amount.trim();
    try {
      await writes.open(
        {
          strategy,
          ethAmount: amount,
          ethText: text,
          leverageRatio: ratio,
          account: address,
          preview: p ? previewRows(p, preview.data?.wallet?.openPositionGas ?? null) : [],
        },
        (_position, strategyName) => {
          notify({
            variant: "success",
            title: "Leverage Position Created!",
            description: `${ratio}x leverage on ${text} ETH with ${strategyName}`,
          });
          onChange({ ...form, amount: "" });
          onCreated();
        },
      );
    } catch (e) {
      const message = describeTxError(e, { contract: "LeverageRouter" }).message;
      setCreateError(message);
      notify({ variant: "error", title: "Leverage Creation Failed", description: message });
    } finally {
      setPreparing(false);
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(e) => (e.preventDefault(), createBlocked === null && !creating && void create())}
      spacing={2}
      data-testid="create-leverage-form"
    >
      <Stack spacing={2} direction={{ xs: "column", md: "row" }} sx={{ alignItems: { md: "flex-start" } }}>
        <TextField
          select
          label="Strategy"
          value={form.strategy}
          onChange={(e) => set({ strategy: e.target.value as StrategyId })}
          sx={{ flex: { md: "1 1 0" }, minWidth: 0 }}
          fullWidth
          slotProps={{
            htmlInput: { "data-testid": "strategy-select" },
            select: { SelectDisplayProps: { "data-testid": "strategy-select-button" } as object },
          }}
        >
          {(strategies.data?.strategies ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id} data-testid={`strategy-option-${s.id}`}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: { md: "1.3 1 0" }, minWidth: 0 }}>
          <AmountField
            id="ls-amount"
            label="ETH amount"
            unit="ETH"
            step={0.001}
            value={form.amount}
            onChange={(amountText) => set({ amount: amountText })}
            schema={schema}
            balance={address && balance.data ? { raw: balance.data.value, decimals: 18 } : undefined}
            reserve={GAS_RESERVE_WEI}
            inputTestId="ls-amount-input"
            hint={
              <>
                {minimum !== null ? `Min ${minimum} ETH at ${form.ratio}x` : null}
                {minimum !== null && !address ? " · " : null}
                {address ? null : "connect a wallet: its balance is the maximum"}
              </>
            }
          />
        </Box>
        <TextField
          select
          label="Leverage ratio"
          value={String(form.ratio)}
          onChange={(e) => set({ ratio: Number(e.target.value) as LeverageRatio })}
          sx={{ flex: { md: "1 1 0" }, minWidth: 0 }}
          fullWidth
          slotProps={{ select: { SelectDisplayProps: { "data-testid": "ratio-select-button" } as object } }}
        >
          {LEVERAGE_RATIOS.map((r) => (
            <MenuItem key={r} value={String(r)} data-testid={`ratio-option-${r}`}>
              {LEVERAGE_RATIO_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {form.strategy && amount !== null ? (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="leverage-preview">
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1, flexWrap: "wrap" }}>
            <Typography variant="subtitle1" component="h3">
              Preview (LeverageRouter.previewPosition)
            </Typography>
            {p ? <RiskBadge level={p.riskLevel} /> : null}
            {preview.data ? <SourceBadge source={preview.data.source} reason={preview.data.reason} /> : null}
            {preview.isFetching ? (
              <Typography variant="caption" color="text.secondary">
                reading…
              </Typography>
            ) : null}
          </Stack>
          {preview.isError ? (
            <Notice severity="error" data-testid="preview-error">
              {describeError(preview.error)}
            </Notice>
          ) : p ? (
            <>
              {!p.possible ? (
                <Notice severity="warning" data-testid="preview-impossible" sx={{ mb: 1 }}>
                  Not possible now: {p.reason}
                </Notice>
              ) : null}
              {previewRows(p, preview.data?.wallet?.openPositionGas ?? null).map((row) => (
                <Figure key={row.label} label={row.label} value={row.value} testId={row.testId} />
              ))}
              {preview.data?.wallet && !preview.data.wallet.routerIsDelegate ? (
                <Typography variant="caption" color="text.secondary" data-testid="delegate-note">
                  First time: your wallet signs two transactions, LendingPool.setDelegate(router) once, then
                  openPosition.
                </Typography>
              ) : null}
            </>
          ) : null}
        </Paper>
      ) : null}

      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1, alignItems: "flex-start" }}>
        <Button
          variant="outlined"
          size="large"
          disabled={amount === null || simulate.isPending}
          onClick={() =>
            amount !== null &&
            simulate.mutate({ ethAmount: amount, ...(form.strategy ? { strategy: form.strategy } : {}) })
          }
          data-testid="simulate-button"
        >
          {simulate.isPending ? "Simulating..." : "Simulate"}
        </Button>
        <ActionButton
          label="Create"
          pendingLabel="Creating..."
          pending={creating}
          busy={false}
          reason={createBlocked}
          testId="create-button"
        />
      </Stack>
      <div role="status" aria-live="polite">
        {form.amount.trim() === "" ? (
          <Typography variant="body2" color="text.secondary" data-testid="enter-amount-message">
            {ENTER_ETH_AMOUNT}
          </Typography>
        ) : null}
        {missing ? (
          <Typography variant="body2" color="text.secondary" data-testid="missing-information">
            {MISSING_INFORMATION}
          </Typography>
        ) : null}
        {!address ? (
          <Typography variant="body2" color="text.secondary" data-testid="connect-to-create">
            Connect a wallet to create a position: your wallet signs openPosition; the API never signs for it.
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Signer: your wallet <strong title={address}>{shortenHex(address)}</strong> on Hardhat ({LEVERAGE_CHAIN_ID}).
          </Typography>
        )}
      </div>
      {createError ? (
        <Notice severity="error" data-testid="create-error">
          {createError}
        </Notice>
      ) : null}
      {simulate.isError ? (
        <Notice severity="error" data-testid="simulate-error">
          {describeError(simulate.error)}
        </Notice>
      ) : null}
      {simulate.data ? <SimulationChart data={simulate.data} /> : null}
      {writes.flow.busy && !writes.flow.state.open ? (
        <Button variant="text" onClick={writes.flow.reopen} data-testid="tx-reopen" sx={{ alignSelf: "flex-start" }}>
          Your position is being created: show the transaction
        </Button>
      ) : null}
      <TransactionFlowDialog flow={writes.flow} />
      <Typography variant="caption" color="text.secondary">
        Available: {address && balance.data ? ethText(formatEther(balance.data.value)) : "connect a wallet"}
      </Typography>
    </Stack>
  );
}
