import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useChains, useConnection, useSwitchChain } from "wagmi";
import { useNetwork } from "../../lib/network/get-network";
import { describeError } from "../../lib/api-client";
import { isUserRejection } from "../../lib/wallet-errors";
import { notify } from "../toast";
import { useAddHardhatNetwork } from "./use-add-hardhat-network";
import { Notice } from "../notice";

/**
 * Under the app bar while the connected wallet is on another chain than the API's (GET /api/network):
 * says which, and offers "Switch to …" (and, on the local chain, to add it to the wallet first).
 */
export function WrongNetworkBanner() {
  const { status, chainId, chain } = useConnection();
  const network = useNetwork();
  const chains = useChains();
  const switchChain = useSwitchChain();
  const addNetwork = useAddHardhatNetwork(network.data?.rpcUrl);
  const wanted = network.data?.chainId;
  if (status !== "connected" || wanted === undefined || chainId === wanted) return null;
  // The API serves one of the chains the config knows (hardhat or sepolia); a chain it does not know cannot be switched to.
  const targetChain = chains.find((c) => c.id === wanted);
  const target = targetChain?.name ?? `chain ${wanted}`;
  const current = chain?.name ?? `chain ${chainId}`;

  return (
    <Notice data-testid="wrong-network-banner" severity="warning" sx={{ alignItems: "center", borderRadius: 0 }}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
      >
        <span>
          Your wallet is on {current}; this app works on {target} (chain id {wanted}).
        </span>
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
          <Button
            data-testid="switch-network-button"
            variant="contained"
            color="warning"
            size="small"
            disabled={switchChain.isPending || !targetChain}
            onClick={() =>
              targetChain &&
              switchChain.mutate(
                { chainId: targetChain.id },
                {
                  onError: (error) =>
                    notify(
                      isUserRejection(error)
                        ? {
                            variant: "warning",
                            title: "Network not switched",
                            description: "The wallet declined to switch networks.",
                          }
                        : {
                            variant: "error",
                            title: `Could not switch to ${target}`,
                            description: describeError(error),
                          },
                    ),
                },
              )
            }
          >
            {switchChain.isPending ? "Switching…" : `Switch to ${target}`}
          </Button>
          {network.data?.network === "hardhat" && addNetwork.available ? (
            <Button
              data-testid="add-hardhat-network-banner"
              variant="outlined"
              color="inherit"
              size="small"
              disabled={addNetwork.isPending}
              onClick={() => addNetwork.mutate()}
            >
              Add the local Hardhat network
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Notice>
  );
}
