// Each step's action, inline where the product has it as a shared piece (connect, add and select the network, sign
// in, the faucet claim), else a link to the page that does it, which links back here (?from=).
import { useState } from "react";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router-dom";
import { numberToHex, type EIP1193Provider } from "viem";
import { useConnect, type Connector } from "wagmi";
import { useSignIn } from "../../../components/session/use-sign-in";
import { addHardhatNetwork } from "../../../components/wallet/add-hardhat-network";
import { INSTALL_WALLET_URL } from "../../../components/wallet/usable-wallets";
import { noteWalletCreated } from "../../../components/wallet/wallet-presence";
import { paths } from "../../../config/paths";
import { describeError } from "../../../lib/api-client";
import { burnerConnector } from "../../../lib/burner/burner-connector";
import { BURNER_WARNING } from "../../../lib/burner/burner-storage";
import { callEndpoint } from "../../../lib/endpoint-client";
import { LOCAL_CHAIN_ID } from "../../../lib/local-chain";
import { isUserRejection } from "../../../lib/wallet-errors";
import { faucetContract } from "../api/contract";
import { onboardingKey } from "../api/get-progress";

/** A wallet's refusal (EIP-1193 4001) in words; anything else as the error says. */
export function actionError(error: unknown, what: string): string {
  return isUserRejection(error)
    ? `You declined ${what} in the wallet (error 4001). Nothing changed; press the button to try again.`
    : `${what[0]!.toUpperCase()}${what.slice(1)} failed: ${describeError(error)}`;
}

function ErrorLine({ error, what }: { error: unknown; what: string }) {
  if (!error) return null;
  return (
    <Typography role="alert" variant="body2" color="error" data-testid="onboarding-action-error">
      {actionError(error, what)}
    </Typography>
  );
}

const back = `?from=${encodeURIComponent(paths.authenticUserOnboarding.path)}`;

export function FindWalletAction({ burnerOffered }: { burnerOffered: boolean }) {
  // On the hook, not on mutate(): this step's action unmounts as soon as the burner connects.
  const connect = useConnect({ mutation: { onSuccess: () => noteWalletCreated() } });
  return (
    <Stack spacing={1}>
      <Typography variant="body2">No browser wallet was found in this browser.</Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
        <Button variant="outlined" href={INSTALL_WALLET_URL} target="_blank" rel="noopener noreferrer">
          Install MetaMask
        </Button>
        {burnerOffered ? (
          <Button
            variant="contained"
            data-testid="onboarding-take-burner"
            disabled={connect.isPending}
            onClick={() => connect.mutate({ connector: burnerConnector(), chainId: LOCAL_CHAIN_ID })}
          >
            Use a burner wallet
          </Button>
        ) : null}
      </Stack>
      {burnerOffered ? (
        <Typography variant="caption" color="warning.main" data-testid="onboarding-burner-warning">
          Burner wallet: a throwaway key kept in this tab&apos;s session storage, {BURNER_WARNING}.
        </Typography>
      ) : null}
      <ErrorLine error={connect.error} what="the burner" />
    </Stack>
  );
}

/** EIP-3085 wallet_addEthereumChain with the API's chain URL, then wallet_switchEthereumChain. */
export function NetworkAction({
  connector,
  chainId,
  rpcUrl,
  onDone,
}: {
  connector: Connector;
  chainId: number;
  rpcUrl: string | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: async () => {
      if (rpcUrl && chainId === LOCAL_CHAIN_ID) await addHardhatNetwork(connector, rpcUrl);
      const provider = (await connector.getProvider()) as EIP1193Provider | undefined;
      if (!provider) throw new Error("The wallet is not available in this page any more");
      await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: numberToHex(chainId) }] });
    },
    onSettled: () => {
      onDone();
      void queryClient.invalidateQueries({ queryKey: onboardingKey });
    },
  });
  return (
    <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
      <Button
        variant="contained"
        data-testid="onboarding-switch-network"
        disabled={run.isPending}
        onClick={() => run.mutate()}
      >
        {chainId === LOCAL_CHAIN_ID ? "Add and select the Hardhat network" : `Select chain ${chainId}`}
      </Button>
      <ErrorLine error={run.error} what="the network change" />
    </Stack>
  );
}

export function ConnectAction({ connector }: { connector: Connector }) {
  const connect = useConnect();
  return (
    <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
      <Button
        variant="contained"
        data-testid="onboarding-connect"
        disabled={connect.isPending}
        onClick={() => connect.mutate({ connector })}
      >
        {connect.isPending ? "Connecting…" : `Connect ${connector.name}`}
      </Button>
      <ErrorLine error={connect.error} what="the connection" />
    </Stack>
  );
}

export function SignInAction({ address, chainId }: { address: `0x${string}`; chainId: number }) {
  const signIn = useSignIn();
  return (
    <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
      <Button
        variant="contained"
        data-testid="onboarding-sign-in"
        disabled={signIn.isPending}
        onClick={() => signIn.mutate({ address, chainId })}
      >
        {signIn.isPending ? "Signing in…" : "Sign in (a signature, no transaction)"}
      </Button>
      <ErrorLine error={signIn.error} what="the sign-in" />
    </Stack>
  );
}

export function FaucetAction({ signedIn }: { signedIn: boolean }) {
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<string | null>(null);
  const claim = useMutation({
    mutationFn: () => callEndpoint(faucetContract.claim, { body: { asset: "ETH" } }, { timeoutMs: 30_000 }),
    onSuccess: (r) => setSent(`${r.amount} ${r.asset} sent in transaction ${r.transactionHash}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: onboardingKey }),
  });
  return (
    <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
        <Button
          variant="contained"
          data-testid="onboarding-claim-eth"
          disabled={!signedIn || claim.isPending}
          onClick={() => claim.mutate()}
        >
          {claim.isPending ? "Claiming…" : "Claim 1 ETH from the faucet"}
        </Button>
        <Link component={RouterLink} to={`${paths.testnetXqbFaucet.path}${back}`}>
          Open the faucet
        </Link>
      </Stack>
      {!signedIn ? (
        <Typography variant="body2" color="text.secondary">
          The faucet sends to a signed-in wallet only: sign in first (step 4).
        </Typography>
      ) : null}
      {sent ? <Typography variant="body2">{sent}</Typography> : null}
      <ErrorLine error={claim.error} what="the faucet claim" />
    </Stack>
  );
}

export function GoToAction({ to, label }: { to: string; label: string }) {
  return (
    <Button component={RouterLink} to={`${to}${back}`} variant="contained" data-testid="onboarding-go">
      {label}
    </Button>
  );
}
