import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { isAddressEqual, type Address } from "viem";
import SessionControl from "../../../components/session/session-control";
import { useSession } from "../../../components/session/get-session";

/** One Sign in for the page's actions (fund, verify, create), shown while a connected wallet is not signed in. */
export function SignInBar({ wallet, chainId }: { wallet: Address | undefined; chainId: number | undefined }) {
  const session = useSession();
  const signedIn = !!wallet && !!session.data && isAddressEqual(session.data.address as Address, wallet);
  if (!wallet || signedIn || session.isPending) return null;
  return (
    <Box
      data-testid="crowdfunding-sign-in"
      sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5, color: "primary.main" }}
    >
      <Typography variant="body2" color="text.primary">
        Sign in with your wallet to fund, verify or create a project: the API records what your own transactions did.
      </Typography>
      <SessionControl address={wallet} chainId={chainId} />
    </Box>
  );
}
