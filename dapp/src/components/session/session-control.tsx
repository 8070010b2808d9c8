import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import { timeText } from "../../lib/time";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { isAddressEqual, type Address } from "viem";
import { useSession } from "./get-session";
import { useSignOut } from "./sign-out";
import { useSignIn } from "./use-sign-in";

type SessionControlProps = {
  /** The connected wallet's address and chain. */
  address: Address;
  chainId: number | undefined;
};

/**
 * The app bar's Sign-In with Ethereum control beside the wallet address: "Sign in", or "Signed in" and
 * "Sign out". A session counts only for the connected address: after switching accounts the bar offers
 * "Sign in" again rather than showing another wallet's session. Loaded lazily once a wallet is connected,
 * so zod and the SIWE code stay out of the first load.
 */
export default function SessionControl({ address, chainId }: SessionControlProps) {
  const session = useSession();
  const signIn = useSignIn();
  const signOut = useSignOut();
  const current = session.data;
  const signedIn =
    !!current && isAddressEqual(current.address as Address, address) && Date.parse(current.expiresAt) > Date.now();

  if (signedIn) {
    return (
      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        <Box
          data-testid="session-status"
          data-address={current.address}
          title={`Signed in with Ethereum as ${current.address} until ${timeText(current.expiresAt)}`}
          sx={{ display: "flex", alignItems: "center", gap: 0.5 }}
        >
          <CheckCircleIcon fontSize="small" color="success" aria-hidden />
          <Typography variant="body2" sx={{ display: { xs: "none", sm: "block" } }}>
            Signed in
          </Typography>
        </Box>
        <Button
          data-testid="sign-out-button"
          color="inherit"
          size="small"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
          sx={{ whiteSpace: "nowrap", flexShrink: 0 }}
        >
          Sign out
        </Button>
      </Box>
    );
  }

  return (
    <Button
      data-testid="sign-in-button"
      color="inherit"
      variant="outlined"
      title="Prove you own this wallet by signing a message (no transaction, no gas)"
      disabled={signIn.isPending || session.isPending || chainId === undefined}
      onClick={() => chainId !== undefined && signIn.mutate({ address, chainId })}
      // One line at 390 px too: the app-bar title gives way instead (it has the ellipsis).
      sx={{ whiteSpace: "nowrap", flexShrink: 0, px: { xs: 1, sm: 2 } }}
    >
      {signIn.isPending ? "Signing in…" : "Sign in"}
    </Button>
  );
}
