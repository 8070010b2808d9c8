import { lazy, Suspense, useState } from "react";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { parseEther } from "viem";
import { useBalance, useConnection, useReadContract } from "wagmi";
import type { TxPreviewRow } from "../../../components/transaction-flow";
import { deployments } from "../../../lib/contracts";
import { formatNumber, formatToken, shortenHex } from "../../../lib/format";
import { describeTxError, type TxErrorView } from "../../../lib/tx-errors";
import type { EthMintRequestBody } from "../api/contract";
import { ethMintRequest, MINT_LIMITS } from "../schemas";
import { useMintingRates } from "../api/get-minting-rates";
import { serverEthNetwork, useUnifiedStatus } from "../api/get-unified-status";
import { useMintEth } from "../api/mint-eth";
import { useMintBusy } from "../hooks/use-mint-busy";
import { WALLET_MINT_CHAIN_ID, useWalletMint } from "../hooks/use-wallet-mint";
import { parseAmount, toDecimalString } from "../utils/amount";
import { toastEthMinted, toastMintFailed } from "../utils/mint-toasts";
import { AmountForm } from "../../../components/form";
import { MintGasEstimate } from "./eth-mint-preview";
import { MintError } from "./mint-error";
import { WalletTokenBalances } from "./wallet-token-balances";

// The dialog's code (MUI Dialog, step icons) loads with the first wallet mint, not with the page.
const TransactionFlowDialog = lazy(() =>
  import("../../../components/transaction-flow/transaction-flow-dialog").then((m) => ({
    default: m.TransactionFlowDialog,
  })),
);

/** Kept back from the wallet's ETH by the Max button, for the mint's gas (a mint costs well under this). */
const GAS_RESERVE_WEI = parseEther("0.001");

function ContractQuote({ amount }: { amount: number }) {
  const minter = deployments[WALLET_MINT_CHAIN_ID].XQBMinter;
  const quote = useReadContract({
    address: minter.address,
    abi: minter.abi,
    functionName: "quote",
    args: [parseEther(toDecimalString(amount))],
    chainId: WALLET_MINT_CHAIN_ID,
  });
  if (!quote.data) return null;
  const [xqb, xqbusd] = quote.data;
  return (
    <Typography data-testid="eth-quote" variant="body2" color="text.secondary">
      Contract quote: {formatToken(xqb)} XQB + {formatToken(xqbusd)} XQBUSD
    </Typography>
  );
}

export function EthMintTab() {
  const [value, setValue] = useState("");
  const [error, setError] = useState<TxErrorView | null>(null);
  const [lastServerBody, setLastServerBody] = useState<EthMintRequestBody | null>(null);
  const busy = useMintBusy();
  const { address } = useConnection();
  const status = useUnifiedStatus();
  const rates = useMintingRates();
  const serverMint = useMintEth();
  const walletMint = useWalletMint();
  const ethBalance = useBalance({ address, chainId: WALLET_MINT_CHAIN_ID, query: { enabled: Boolean(address) } });
  const minter = deployments[WALLET_MINT_CHAIN_ID];
  const xqbBalance = useReadContract({
    address: minter.XQBToken.address,
    abi: minter.XQBToken.abi,
    functionName: "balanceOf",
    args: address ? [address] : undefined,
    chainId: WALLET_MINT_CHAIN_ID,
    query: { enabled: Boolean(address) },
  });
  const network = serverEthNetwork(status.data);
  const amount = parseAmount(value);

  const sendServer = (body: EthMintRequestBody) => {
    setError(null);
    setLastServerBody(body);
    serverMint.mutate(body, {
      onSuccess: (record) => {
        toastEthMinted(record);
        setValue("");
      },
      onError: (e) => {
        const view = describeTxError(e, { contract: "XQBMinter" });
        setError(view);
        toastMintFailed("ETH Minting Failed", view);
      },
    });
  };

  /** The preview: what goes in, what comes out (the minter's rates as the chain says them), the balance after, the gas. */
  const previewRows = (ethAmount: number): TxPreviewRow[] => {
    const e = rates.data?.ethereum;
    const xqbOut = e?.xqbPerEth != null ? ethAmount * e.xqbPerEth : null;
    const xqbusdOut = e?.xqbusdPerEth != null ? ethAmount * e.xqbusdPerEth : null;
    const before = xqbBalance.data !== undefined ? Number(formatToken(xqbBalance.data, 18, 6)) : null;
    return [
      { label: "You send", value: `${toDecimalString(ethAmount)} ETH`, testId: "preview-send" },
      {
        label: "You receive",
        value:
          xqbOut !== null && xqbusdOut !== null
            ? `${formatNumber(xqbOut, 6)} XQB + up to ${formatNumber(xqbusdOut, 6)} XQBUSD`
            : `unknown now (${e?.reason ?? "rates unavailable"})`,
        testId: "preview-receive",
      },
      {
        label: "XQB after",
        value: before !== null && xqbOut !== null ? `${formatNumber(before + xqbOut, 4)} XQB` : "unknown",
        testId: "preview-xqb-after",
      },
      {
        label: "Gas estimate",
        value: address ? <MintGasEstimate account={address} ethAmount={toDecimalString(ethAmount)} /> : "—",
        testId: "preview-gas",
      },
      { label: "Network", value: `Hardhat (${WALLET_MINT_CHAIN_ID})` },
      { label: "Recipient", value: address ? shortenHex(address) : "—" },
    ];
  };

  const submit = (ethAmount: number) => {
    if (address) {
      setError(null);
      walletMint.start({
        ethAmount: toDecimalString(ethAmount),
        recipient: address,
        preview: previewRows(ethAmount),
        onRecorded: (record) => {
          toastEthMinted(record);
          setValue("");
        },
      });
    } else sendServer({ ethAmount, stablecoinPair: "XQBUSD", network, quantumSecurity: true });
  };

  const pending = serverMint.isPending || walletMint.flow.busy;

  return (
    <Stack spacing={2}>
      {address ? <WalletTokenBalances account={address} /> : null}
      <AmountForm
        id="eth-amount"
        label="ETH amount"
        unit="ETH"
        step={0.001}
        value={value}
        onChange={setValue}
        onSubmit={submit}
        schema={ethMintRequest.shape.ethAmount}
        limits={MINT_LIMITS.eth}
        balance={address && ethBalance.data ? { raw: ethBalance.data.value, decimals: 18 } : undefined}
        reserve={GAS_RESERVE_WEI}
        busy={busy}
        pending={pending}
        buttonLabel="Mint XQB + XQBUSD"
        pendingLabel="Minting…"
        inputTestId="eth-amount-input"
        buttonTestId="mint-eth-button"
      />
      {amount !== null ? <ContractQuote amount={amount} /> : null}
      <MintError
        error={error}
        onRetry={lastServerBody ? () => sendServer(lastServerBody) : undefined}
        testId="eth-mint-error"
      />
      {walletMint.flow.busy && !walletMint.flow.state.open ? (
        <Button
          variant="text"
          onClick={walletMint.flow.reopen}
          data-testid="tx-reopen"
          sx={{ alignSelf: "flex-start" }}
        >
          Your mint is in progress: show the transaction
        </Button>
      ) : null}
      {walletMint.flow.state.request ? (
        <Suspense fallback={null}>
          <TransactionFlowDialog flow={walletMint.flow} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
