import { useEffect, useMemo, useState } from "react";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { parseEther, type Address } from "viem";
import { useBalance } from "wagmi";
import { ActionButton, AmountField } from "../../../components/form";
import { TransactionFlowDialog, type TxPreviewRow } from "../../../components/transaction-flow";
import { shortenHex } from "../../../lib/format";
import type { StakingPoolName, StakingProtocol } from "../api/contract";
import { RECOMMENDED_TEST_ETH, STAKE_MESSAGES } from "../constants";
import { expectedDailyRewards, stakeAmountSchema, stakeEthAmountText } from "../schemas";
import { usePractice } from "../api/get-practice";
import { usePreview } from "../api/get-preview";
import { useProtocols } from "../api/get-protocols";
import { STAKING_CHAIN_ID, useStakeWrites } from "../hooks/use-stake-writes";
import { apyHow, apyText } from "../utils/format";
import { toastStakeCreated, toastStakeFailed } from "../utils/toasts";
import { DryRunView } from "./dry-run-view";
import { PreviewGas, PreviewShares } from "./preview-values";
import { Notice } from "../../../components/notice";

/** Kept back by the Max button for the deposit's gas. */
const GAS_RESERVE_WEI = parseEther("0.001");

/** "Wallet Required: Connect your wallet to test real ETH staking": a spec message as one sentence. */
const spoken = (m: { title: string; description: string }) => `${m.title}: ${m.description}`;

/** The typed amount as the API's text, if it is a well-formed positive amount (the minimum aside). */
function wellFormed(text: string): string | null {
  const r = stakeEthAmountText.safeParse(text);
  return r.success ? r.data : null;
}

/**
 * Create Test: protocol, amount (validated as typed by the API's own schema with the pool's minimum), a
 * preview with the exact shares (previewDeposit) and the daily rewards (amount x APY / 100 / 365, 6
 * decimals), then the wallet signs depositEth and the API records it from the receipt.
 */
export function CreateTestTab({
  wallet,
  protocol,
  onProtocol,
  onCreated,
}: {
  wallet: Address | undefined;
  protocol: StakingPoolName | "";
  onProtocol: (token: StakingPoolName | "") => void;
  onCreated: () => void;
}) {
  const [amount, setAmount] = useState("");
  const protocols = useProtocols(wallet);
  const balance = useBalance({ address: wallet, chainId: STAKING_CHAIN_ID, query: { enabled: Boolean(wallet) } });
  const writes = useStakeWrites();
  const { flow } = writes;
  const selected: StakingProtocol | undefined = protocols.data?.protocols.find((p) => p.token === protocol);
  const schema = useMemo(
    () => (selected ? stakeAmountSchema(selected.name, selected.minAmount) : stakeEthAmountText),
    [selected],
  );

  const typed = wellFormed(amount);
  const meetsMinimum = typed !== null && selected !== undefined && parseEther(typed) >= parseEther(selected.minAmount);
  const preview = usePreview(
    selected && meetsMinimum && typed ? { protocol: selected.token, ethAmount: typed, wallet } : null,
  );
  // Below the minimum the preview refuses; the practice dry run still asks the chain, whose refusal we show.
  const refusal = usePractice(
    { protocol: selected?.token, ethAmount: typed ?? undefined, wallet },
    Boolean(selected && typed && !meetsMinimum),
  );

  // "Staking Test Failed" once per failure (a rejected signature, a revert, a record that failed).
  useEffect(() => {
    if (flow.state.phase === "failed") toastStakeFailed(flow.state.error);
  }, [flow.state.phase, flow.state.error]);

  const daily = selected && typed ? expectedDailyRewards(typed, selected.currentAPY) : null;

  const previewRows = (p: StakingProtocol, ethAmount: string): TxPreviewRow[] => [
    { label: "Protocol", value: `${p.name} (${p.token})`, testId: "preview-protocol" },
    { label: "You send", value: `${ethAmount} ETH`, testId: "preview-send" },
    {
      label: "Shares you receive",
      value: <PreviewShares token={p.token} ethAmount={ethAmount} wallet={wallet} />,
      testId: "preview-shares",
    },
    {
      label: "Expected daily rewards",
      value: `${expectedDailyRewards(ethAmount, p.currentAPY)} ETH at ${apyText(p.currentAPY)}`,
      testId: "preview-daily",
    },
    {
      label: "Gas estimate",
      value: <PreviewGas token={p.token} ethAmount={ethAmount} wallet={wallet} />,
      testId: "preview-gas",
    },
    { label: "Contract", value: shortenHex(p.contractAddress), testId: "preview-contract" },
    { label: "Network", value: `Hardhat (${STAKING_CHAIN_ID})` },
  ];

  // The spec's validation messages (part 2 §5), said beside the waiting button as the user types.
  const checked = schema.safeParse(amount);
  const reason = !wallet
    ? spoken(STAKE_MESSAGES.walletRequired)
    : !selected || amount.trim() === ""
      ? spoken(STAKE_MESSAGES.missingInformation)
      : amount === "NaN"
        ? "Must be a number of ETH"
        : checked.success
          ? null
          : typed !== null
            ? spoken(STAKE_MESSAGES.amountTooLow(selected.name, selected.minAmount))
            : (checked.error.issues[0]?.message ?? "Invalid amount");

  const create = () => {
    if (!wallet || !selected || !checked.success) return;
    const ethAmount = checked.data as string;
    writes.deposit({
      token: selected.token,
      pool: selected.contractAddress as Address,
      ethAmount,
      wallet,
      preview: previewRows(selected, ethAmount),
      onRecorded: (r) => {
        toastStakeCreated(ethAmount, r);
        setAmount("");
        onProtocol("");
        onCreated();
      },
    });
  };

  const options = protocols.data?.protocols ?? [];
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(e) => (e.preventDefault(), reason === null && !flow.busy && create())}
      spacing={2}
      data-testid="create-test"
    >
      <TextField
        select
        label="Protocol"
        value={selected ? protocol : ""}
        onChange={(e) => onProtocol(e.target.value as StakingPoolName)}
        slotProps={{
          htmlInput: { "data-testid": "protocol-select" },
          select: { SelectDisplayProps: { "data-testid": "protocol-select-button" } as object },
        }}
        helperText={protocols.isPending ? "Reading the pools…" : undefined}
        fullWidth
      >
        {options.map((p) => (
          <MenuItem
            key={p.token}
            value={p.token}
            disabled={p.status !== "active"}
            data-testid={`protocol-option-${p.token}`}
          >
            {p.name} ({p.token}) · {apyText(p.currentAPY)} · min {p.minAmount} ETH
            {p.status !== "active" ? ` · ${p.status}` : ""}
          </MenuItem>
        ))}
      </TextField>
      <AmountField
        id="stake-amount"
        label="ETH amount"
        unit="ETH"
        step={0.001}
        value={amount}
        onChange={setAmount}
        schema={schema}
        schemaInput="text"
        placeholder={RECOMMENDED_TEST_ETH}
        balance={wallet && balance.data ? { raw: balance.data.value, decimals: 18 } : undefined}
        reserve={GAS_RESERVE_WEI}
        inputTestId="stake-amount-input"
        hint={
          <span data-testid="stake-minimum">
            {selected ? `Minimum for ${selected.name}: ${selected.minAmount} ETH` : "Choose a protocol for its minimum"}{" "}
            · recommended start {RECOMMENDED_TEST_ETH} ETH
          </span>
        }
      />
      {selected && typed && !meetsMinimum && refusal.data ? (
        <DryRunView dry={refusal.data.dryRun} testId="create-refusal" />
      ) : null}
      {selected && typed ? (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="stake-preview">
          <Typography variant="subtitle2" component="h3" gutterBottom>
            Preview
          </Typography>
          <Stack spacing={0.5}>
            <Typography variant="body2">Protocol: {selected.name}</Typography>
            <Typography variant="body2">Amount: {typed} ETH</Typography>
            <Typography variant="body2" data-testid="stake-preview-daily">
              Expected daily rewards: {daily} ETH
            </Typography>
            <Typography variant="caption" color="text.secondary">
              = {typed} x {apyText(selected.currentAPY)} / 100 / 365; APY from {apyHow(selected)}
            </Typography>
            {meetsMinimum ? (
              <Typography variant="body2" data-testid="stake-preview-shares">
                Shares:{" "}
                {preview.data && preview.data.ethAmount === typed
                  ? `${preview.data.shares} ${selected.token} (previewDeposit)`
                  : "reading…"}
              </Typography>
            ) : null}
            <Typography variant="body2" title={selected.contractAddress}>
              Contract: {shortenHex(selected.contractAddress)}
            </Typography>
          </Stack>
        </Paper>
      ) : null}
      {preview.isError ? (
        <Notice severity="warning">The preview could not be read: {String(preview.error.message)}</Notice>
      ) : null}
      <ActionButton
        label="Create Real Test Stake"
        pendingLabel="Staking…"
        pending={flow.busy}
        busy={false}
        reason={reason}
        testId="create-stake-button"
      />
      {flow.busy && !flow.state.open ? (
        <Button variant="text" onClick={flow.reopen} sx={{ alignSelf: "flex-start" }}>
          Your stake is in progress: show the transaction
        </Button>
      ) : null}
      <TransactionFlowDialog flow={flow} />
    </Stack>
  );
}
