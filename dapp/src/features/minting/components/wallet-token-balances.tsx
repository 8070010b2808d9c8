import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { Address } from "viem";
import { useReadContract } from "wagmi";
import { deployments } from "../../../lib/contracts";
import { formatToken } from "../../../lib/format";
import { WALLET_MINT_CHAIN_ID } from "../hooks/use-wallet-mint";

function TokenBalance({ token, account, testId }: { token: "XQBToken" | "XQBUSD"; account: Address; testId: string }) {
  const { address, abi } = deployments[WALLET_MINT_CHAIN_ID][token];
  const balance = useReadContract({
    address,
    abi,
    functionName: "balanceOf",
    args: [account],
    chainId: WALLET_MINT_CHAIN_ID,
  });
  const symbol = token === "XQBToken" ? "XQB" : "XQBUSD";
  const text =
    balance.data !== undefined
      ? `${formatToken(balance.data)} ${symbol}`
      : balance.isError
        ? `${symbol} unavailable`
        : `… ${symbol}`;
  return (
    <Typography
      data-testid={testId}
      variant="body2"
      sx={{ fontFamily: "monospace" }}
      title={balance.isError ? balance.error.message : undefined}
    >
      {text}
    </Typography>
  );
}

/** The connected wallet's XQB and XQBUSD on the local chain; refetched after every wallet mint. */
export function WalletTokenBalances({ account }: { account: Address }) {
  return (
    <Stack direction="row" spacing={3} sx={{ alignItems: "baseline", flexWrap: "wrap" }}>
      <Typography variant="body2" color="text.secondary">
        Wallet balances:
      </Typography>
      <TokenBalance token="XQBToken" account={account} testId="xqb-balance" />
      <TokenBalance token="XQBUSD" account={account} testId="xqbusd-balance" />
    </Stack>
  );
}
