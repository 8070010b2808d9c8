import { useMutation } from "@tanstack/react-query";
import { useConnection } from "wagmi";
import { describeError } from "../../lib/api-client";
import { isUserRejection } from "../../lib/wallet-errors";
import { notify } from "../toast";
import { addHardhatNetwork } from "./add-hardhat-network";

/** "Add the local Hardhat network" with its toasts; needs a connected wallet and the API's chain URL. */
export function useAddHardhatNetwork(rpcUrl: string | null | undefined) {
  const { connector } = useConnection();
  const mutation = useMutation({
    mutationKey: ["wallet", "add-hardhat-network"],
    mutationFn: () => addHardhatNetwork(connector!, rpcUrl!),
    onSuccess: () =>
      notify({
        variant: "success",
        title: "Hardhat network added",
        description: `The wallet now knows the local chain at ${rpcUrl}.`,
      }),
    onError: (error) =>
      notify(
        isUserRejection(error)
          ? { variant: "warning", title: "Network not added", description: "The wallet declined to add the network." }
          : { variant: "error", title: "Could not add the Hardhat network", description: describeError(error) },
      ),
  });
  return { available: Boolean(connector && rpcUrl), ...mutation };
}
