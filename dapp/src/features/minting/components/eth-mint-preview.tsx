import { encodeFunctionData, formatEther, parseEther, type Address } from "viem";
import { useEstimateGas, useGasPrice } from "wagmi";
import { deployments } from "../../../lib/contracts";
import { describeTxError } from "../../../lib/tx-errors";
import { WALLET_MINT_CHAIN_ID } from "../hooks/use-wallet-mint";

/**
 * The mint's gas, estimated by the chain's node for this wallet, amount and recipient, and its cost at
 * the node's gas price. An estimate the contract refuses says why, in words, before any signature.
 */
export function MintGasEstimate({ account, ethAmount }: { account: Address; ethAmount: string }) {
  const minter = deployments[WALLET_MINT_CHAIN_ID].XQBMinter;
  const gas = useEstimateGas({
    account,
    to: minter.address,
    data: encodeFunctionData({ abi: minter.abi, functionName: "mint", args: [account] }),
    value: parseEther(ethAmount),
    chainId: WALLET_MINT_CHAIN_ID,
  });
  const price = useGasPrice({ chainId: WALLET_MINT_CHAIN_ID });
  if (gas.isError)
    return (
      <span data-kind="error">Cannot estimate: {describeTxError(gas.error, { contract: "XQBMinter" }).message}</span>
    );
  if (gas.data === undefined) return <span>estimating…</span>;
  const cost =
    price.data !== undefined
      ? ` ≈ ${Number(formatEther(gas.data * price.data)).toLocaleString("en-US", { maximumSignificantDigits: 3 })} ETH`
      : "";
  return (
    <span>
      {gas.data.toLocaleString("en-US")} gas{cost}
    </span>
  );
}
