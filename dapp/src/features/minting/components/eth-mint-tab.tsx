import { useState } from "react";
import Alert from "@mui/material/Alert";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { parseEther } from "viem";
import { useConnection, useReadContract } from "wagmi";
import { deployments } from "../../../lib/contracts";
import { formatToken, shortenHex } from "../../../lib/format";
import { useUnifiedStatus } from "../api/get-unified-status";
import { useMintEth } from "../api/mint-eth";
import { useMintBusy } from "../hooks/use-mint-busy";
import { WALLET_MINT_CHAIN_ID, useWalletMint, walletMintStageText } from "../hooks/use-wallet-mint";
import { parseAmount, toDecimalString } from "../utils/amount";
import { toastEthMinted, toastMintFailed } from "../utils/mint-toasts";
import { ethRateText, useMintingRates } from "../api/get-minting-rates";
import { AmountForm } from "./amount-form";
import { WalletTokenBalances } from "./wallet-token-balances";

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
  const busy = useMintBusy();
  const { address } = useConnection();
  const status = useUnifiedStatus();
  const rates = useMintingRates();
  const serverMint = useMintEth();
  const walletMint = useWalletMint();
  const serverAccount = status.data?.ledgers.ethereum.account;
  const network = status.data?.ledgers.ethereum.network === "sepolia" ? "sepolia" : "hardhat";
  const amount = parseAmount(value);

  const submit = () => {
    if (amount === null) return;
    const callbacks = {
      onSuccess: (record: Parameters<typeof toastEthMinted>[0]) => {
        toastEthMinted(record);
        setValue("");
      },
      onError: (error: unknown) => toastMintFailed("ETH Minting Failed", error),
    };
    if (address) walletMint.mutate({ ethAmount: toDecimalString(amount), recipient: address }, callbacks);
    else serverMint.mutate({ ethAmount: amount, stablecoinPair: "XQBUSD", network, quantumSecurity: true }, callbacks);
  };

  const pending = serverMint.isPending || walletMint.isPending;
  const stageText = walletMint.stage === "idle" ? null : walletMintStageText[walletMint.stage];

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Deposit ETH into the XQBMinter contract: <span data-testid="eth-rate">{ethRateText(rates.data)}</span>.
        {rates.data?.ethereum.minDepositEth ? ` Minimum ${rates.data.ethereum.minDepositEth} ETH.` : ""}
      </Typography>
      <Alert data-testid="eth-signer" data-signer={address ? "wallet" : "server"} severity="info" variant="outlined">
        {address ? (
          <>
            Signer: your wallet <strong title={address}>{shortenHex(address)}</strong> on Hardhat ({WALLET_MINT_CHAIN_ID}); it
            also receives the tokens.
          </>
        ) : (
          <>
            Signer: the API's server account
            {serverAccount ? (
              <>
                {" "}
                <strong title={serverAccount}>{shortenHex(serverAccount)}</strong>
              </>
            ) : null}{" "}
            on {network}. Connect a wallet to sign in the browser.
          </>
        )}
      </Alert>
      {address ? <WalletTokenBalances account={address} /> : null}
      <AmountForm
        id="eth-amount"
        label="ETH amount"
        unit="ETH"
        step={0.001}
        value={value}
        onChange={setValue}
        onSubmit={submit}
        busy={busy}
        pending={pending}
        buttonLabel="Mint XQB + XQBUSD"
        pendingLabel="Minting…"
        inputTestId="eth-amount-input"
        buttonTestId="mint-eth-button"
      />
      {amount !== null ? <ContractQuote amount={amount} /> : null}
      {stageText ? (
        <Stack data-testid="eth-mint-progress" role="status" spacing={1}>
          <Typography variant="body2">{stageText}</Typography>
          <LinearProgress />
        </Stack>
      ) : null}
    </Stack>
  );
}
