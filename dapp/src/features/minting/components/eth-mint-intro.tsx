import { Skeleton } from "../../../components/skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useWalletAccount } from "../../../components/wallet/wallet-account";
import { shortenHex } from "../../../lib/format";
import { ethRateText, useMintingRates } from "../api/get-minting-rates";
import { serverEthNetwork, useUnifiedStatus } from "../api/get-unified-status";
import { WALLET_MINT_CHAIN_ID } from "../utils/chain";
import { Notice } from "../../../components/notice";

/**
 * The ETH tab's opening, outside the form: what the minter does and who signs. The form is a lazy part
 * (wagmi, viem, zod); this text, the largest the tab paints, should not wait for it.
 */
export function EthMintIntro() {
  const rates = useMintingRates();
  const status = useUnifiedStatus();
  const { address } = useWalletAccount();
  const serverAccount = status.data?.ledgers.ethereum.account;
  const network = serverEthNetwork(status.data);
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      {/* Two lines kept: the rates arrive after the first paint and make the sentence wrap (layout shift). */}
      <Typography variant="body2" color="text.secondary" sx={{ minHeight: "2.86em" }}>
        Deposit ETH into the XQBMinter contract: <span data-testid="eth-rate">{ethRateText(rates.data)}</span>.
        {rates.data?.ethereum.minDepositEth ? ` Minimum ${rates.data.ethereum.minDepositEth} ETH.` : ""}
      </Typography>
      <Notice data-testid="eth-signer" data-signer={address ? "wallet" : "server"} severity="info" variant="outlined">
        {address ? (
          <>
            Signer: your wallet <strong title={address}>{shortenHex(address)}</strong> on Hardhat (
            {WALLET_MINT_CHAIN_ID}); it also receives the tokens.
          </>
        ) : (
          <>
            Signer: the API's server account{" "}
            {serverAccount ? (
              <strong title={serverAccount}>{shortenHex(serverAccount)}</strong>
            ) : (
              // As wide as the short address it stands for, so the sentence wraps the same when it comes.
              <Skeleton component="span" variant="text" sx={{ display: "inline-block", width: "13ch" }} />
            )}{" "}
            on {network}. Connect a wallet to sign in the browser.
          </>
        )}
      </Notice>
    </Stack>
  );
}
