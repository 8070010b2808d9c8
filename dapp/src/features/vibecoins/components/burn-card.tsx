import { useState } from "react";
import Box from "@mui/material/Box";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { formatUnits, parseUnits, type Address } from "viem";
import { useReadContract } from "wagmi";
import { writeContract } from "wagmi/actions";
import { LOCAL_CHAIN_ID } from "../../../lib/local-chain";
import { Notice, NoticeTitle } from "../../../components/notice";
import { notify } from "../../../components/toast";
import { TransactionFlowDialog, useTransactionFlow } from "../../../components/transaction-flow";
import { TxHash } from "../../../components/tx-hash";
import { deployments } from "../../../lib/contracts";
import {
  VIBECOINS_BURN_TOKENS,
  VIBECOINS_EVM_DECIMALS,
  VIBECOINS_MESSAGES,
  vibecoinsAmountProblem,
  type VibecoinsToken,
} from "../constants";
import type { VibecoinsBurnResponse } from "../api/contract";
import { formatToken } from "../../../lib/format";
import { AmountForm, textRule } from "../../../components/form";
import { recordBurn } from "../api/record-burn";
import { vibecoinsMutationKey, vibecoinsQueryKey } from "../api/keys";
import { supplyText } from "./supplies-panel";

/** The API's own amount rule (zod-free, so the form does not load every schema with the page). */
const EVM_RULE = textRule((t) => vibecoinsAmountProblem(t, VIBECOINS_EVM_DECIMALS));

/** The chain the tokens are deployed on for wallet writes: the one with a deploy map. */
export const BURN_CHAIN_ID = LOCAL_CHAIN_ID;

/** Burn VIBE or XQB from the connected wallet (ERC20Burnable.burn), then the API reads the receipt back. */
export function BurnCard({ wallet }: { wallet: Address | undefined }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<VibecoinsToken>("VIBE");
  const [amount, setAmount] = useState("");
  const [result, setResult] = useState<VibecoinsBurnResponse | null>(null);
  const flow = useTransactionFlow({ mutationKey: vibecoinsMutationKey });
  const contract = deployments[BURN_CHAIN_ID][VIBECOINS_BURN_TOKENS[token]];
  const balance = useReadContract({
    address: contract.address,
    abi: deployments[BURN_CHAIN_ID].VibeCoin.abi,
    functionName: "balanceOf",
    args: [wallet ?? "0x0000000000000000000000000000000000000000"],
    chainId: BURN_CHAIN_ID,
    query: { enabled: Boolean(wallet) },
  });
  const raw =
    vibecoinsAmountProblem(amount.trim(), VIBECOINS_EVM_DECIMALS) === null
      ? parseUnits(amount.trim(), VIBECOINS_EVM_DECIMALS)
      : null;
  const overBalance = raw !== null && balance.data !== undefined && raw > balance.data;

  const burn = () => {
    if (!wallet || raw === null) return;
    const text = amount.trim();
    flow.start<VibecoinsBurnResponse>({
      title: `Burn ${text} ${token}`,
      chainId: BURN_CHAIN_ID,
      contract: VIBECOINS_BURN_TOKENS[token],
      preview: [
        { label: "Burn", value: `${text} ${token}` },
        { label: "From", value: wallet },
        {
          label: "Balance after",
          value:
            balance.data !== undefined ? `${formatUnits(balance.data - raw, VIBECOINS_EVM_DECIMALS)} ${token}` : "…",
        },
      ],
      steps: [
        {
          id: "burn",
          label: `Burn ${text} ${token} (burn)`,
          send: ({ config, chainId }) =>
            writeContract(config, {
              address: contract.address,
              abi: deployments[BURN_CHAIN_ID].VibeCoin.abi,
              functionName: "burn",
              args: [raw],
              chainId,
            }),
        },
      ],
      afterConfirmedLabel: "Reading the burn back from the chain…",
      afterConfirmed: (receipt) => recordBurn(receipt.transactionHash),
      onSuccess: (r) => {
        if (!r) return;
        setResult(r);
        setAmount("");
        const b = r.burns[0]!;
        notify({ variant: "success", ...VIBECOINS_MESSAGES.burnRecorded(b.amount, b.token) });
        void balance.refetch();
        void queryClient.invalidateQueries({ queryKey: vibecoinsQueryKey });
      },
    });
  };

  return (
    <Box component="section" aria-labelledby="burn-heading" data-testid="burn-card">
      <Typography id="burn-heading" variant="h6" component="h2">
        Burn VIBE or XQB
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Your wallet calls the token&apos;s own burn (ERC20Burnable); the API then reads the Transfer to the zero address
        from the receipt and the total supply at the block before and at the block.
      </Typography>
      {!wallet ? (
        <Typography variant="body2" data-testid="burn-no-wallet">
          Connect a wallet to burn its tokens.
        </Typography>
      ) : (
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5, maxWidth: 480 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={token}
            onChange={(_e, v: VibecoinsToken | null) => v && setToken(v)}
            aria-label="Token to burn"
          >
            <ToggleButton value="VIBE" data-testid="burn-token-VIBE">
              VIBE
            </ToggleButton>
            <ToggleButton value="XQB" data-testid="burn-token-XQB">
              XQB
            </ToggleButton>
          </ToggleButtonGroup>
          <AmountForm
            id="burn-amount"
            label={`Amount of ${token}`}
            unit={token}
            step={1}
            value={amount}
            onChange={setAmount}
            onSubmit={burn}
            schema={EVM_RULE}
            schemaInput="text"
            inputTestId="burn-amount"
            hint={balance.data === undefined ? "Reading your balance…" : undefined}
            balance={balance.data === undefined ? undefined : { raw: balance.data, decimals: VIBECOINS_EVM_DECIMALS }}
            blockedReason={overBalance ? `More than the wallet holds (${formatToken(balance.data!)} ${token})` : null}
            busy={flow.busy}
            pending={false}
            buttonLabel={`Burn ${token}`}
            pendingLabel={`Burn ${token}`}
            buttonColor="warning"
            buttonTestId="burn-button"
          />
        </Box>
      )}
      {result ? (
        <Notice severity="success" sx={{ mt: 1.5 }} data-testid="burn-result">
          {result.burns.map((b) => (
            <Box key={b.token}>
              <NoticeTitle>
                {b.amount} {b.token} burnt
              </NoticeTitle>
              <Typography
                variant="body2"
                data-testid={`burn-supply-${b.token}`}
                data-before={b.supplyBefore}
                data-after={b.supplyAfter}
              >
                {b.token} supply {supplyText(b.supplyBefore)} → {supplyText(b.supplyAfter)} (block {result.blockNumber})
              </Typography>
            </Box>
          ))}
          <TxHash value={result.transactionHash} explorerUrl={result.explorerUrl} testId="burn-hash" />
        </Notice>
      ) : null}
      <TransactionFlowDialog flow={flow} />
    </Box>
  );
}
