// The faucet's operations on the EVM chain: what each asset's claim sends, and the readings the status shows.
// XQB and ETH leave the faucet account (dev #16) on the signer road under its own key; USDC is minted by the
// API signer (MockUSDC MINTER_ROLE). The chain client knows no faucet: this file is the faucet's use of it.
import { parseUnits, type Address, type Hash, type Hex } from "viem";
import type { MinedReceipt, WriteResult } from "../../ledgers/evm";
import { contractsOn } from "../../ledgers/evm/contracts";
import type { LooseCall, SendContext } from "../../ledgers/evm/live";
import { FAUCET_AMOUNTS, FAUCET_DECIMALS, type FaucetAsset } from "./faucet.constants";

/** The live chain as the faucet uses it (EvmLiveChain): a claim is never simulated. */
export interface FaucetNode {
  readonly account: Address;
  read(call: LooseCall): Promise<never>;
  write(call: LooseCall, ctx?: SendContext): Promise<WriteResult>;
  writeAs(privateKey: Hex, call: LooseCall, ctx?: SendContext): Promise<WriteResult>;
  sendValueAs(privateKey: Hex, to: Address, value: bigint, ctx?: SendContext): Promise<WriteResult>;
  balance(address: Address): Promise<bigint>;
  receipt(hash: Hash): Promise<MinedReceipt | null>;
  knowsTransaction(hash: Hash): Promise<boolean>;
  minedNonce(address: Address): Promise<number>;
}

/** What became of a claim's signed transaction, read from the chain. */
export type SentFate =
  | { fate: "mined"; blockNumber: bigint }
  | { fate: "reverted" }
  /** Known to the node, not mined yet: wait. */
  | { fate: "waiting" }
  /** Its nonce went to another transaction: it can never be mined. */
  | { fate: "dropped" }
  /** The node never saw it and its nonce is still free: it did not leave (or was lost on the way). */
  | { fate: "unseen" };

/** Reads the fate of the transaction `hash` that `sender` signed with `nonce`. */
export async function fateOf(node: FaucetNode, hash: Hash, sender: Address, nonce: number): Promise<SentFate> {
  const receipt = await node.receipt(hash);
  if (receipt)
    return receipt.status === "success" ? { fate: "mined", blockNumber: receipt.blockNumber } : { fate: "reverted" };
  if (await node.knowsTransaction(hash)) return { fate: "waiting" };
  return (await node.minedNonce(sender)) > nonce ? { fate: "dropped" } : { fate: "unseen" };
}

/** One claim's amount in the asset's smallest unit. */
export const claimUnits = (asset: FaucetAsset): bigint => parseUnits(FAUCET_AMOUNTS[asset], FAUCET_DECIMALS[asset]);

/** Sends one claim of `asset` to `to`. */
export function sendClaim(
  node: FaucetNode,
  asset: FaucetAsset,
  faucetKey: Hex,
  to: Address,
  ctx?: SendContext,
): Promise<WriteResult> {
  const units = claimUnits(asset);
  switch (asset) {
    case "XQB":
      return node.writeAs(faucetKey, { contract: "XQBToken", functionName: "transfer", args: [to, units] }, ctx);
    case "USDC":
      return node.write({ contract: "MockUSDC", functionName: "mint", args: [to, units] }, ctx);
    case "ETH":
      return node.sendValueAs(faucetKey, to, units, ctx);
  }
}

/** The faucet account's balance of XQB or ETH, in the smallest unit, read from the chain. */
export async function faucetBalanceOf(node: FaucetNode, asset: "XQB" | "ETH", faucetAccount: Address): Promise<bigint> {
  if (asset === "ETH") return node.balance(faucetAccount);
  return node.read({ contract: "XQBToken", functionName: "balanceOf", args: [faucetAccount] }) as Promise<bigint>;
}

/** Any account's balance of an asset, in the smallest unit, read from the chain. */
export async function balanceOf(node: FaucetNode, asset: FaucetAsset, account: Address): Promise<bigint> {
  if (asset === "ETH") return node.balance(account);
  const contract = asset === "XQB" ? "XQBToken" : "MockUSDC";
  return node.read({ contract, functionName: "balanceOf", args: [account] }) as Promise<bigint>;
}

/** Whether the API signer holds MockUSDC's MINTER_ROLE, read from the chain. */
export async function signerMintsUsdc(node: FaucetNode): Promise<boolean> {
  const role = (await node.read({ contract: "MockUSDC", functionName: "MINTER_ROLE" })) as Hex;
  return node.read({ contract: "MockUSDC", functionName: "hasRole", args: [role, node.account] }) as Promise<boolean>;
}

/** Which of the contracts the faucet needs the chain's deploy map has (MockUSDC, or an external USDC). */
export function deployedOn(chainId: number): { xqb: boolean; mockUsdc: boolean; externalUsdc: boolean } {
  const map = (contractsOn(chainId) ?? {}) as Record<string, { external?: boolean } | undefined>;
  return { xqb: !!map.XQBToken, mockUsdc: !!map.MockUSDC, externalUsdc: !!map.USDC };
}
