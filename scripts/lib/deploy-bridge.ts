// Deploys the XQB bridge escrow (lock here for Stellar / XRPL, release back by the relayer).
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { getAddress, isAddress, zeroAddress, type Address } from "viem";
import type { DeployedContract } from "./deploy-minting";

export const BRIDGE_CONTRACTS = ["BridgeEscrow"] as const;
export type BridgeContractName = (typeof BRIDGE_CONTRACTS)[number];
export type BridgeDeployment = Record<BridgeContractName, DeployedContract>;

/** Destination / source chain ids used by BridgeEscrow. */
export const BRIDGE_CHAIN = { Stellar: 1, XRPL: 2 } as const;

export interface BridgeOptions {
  /** The ERC-20 to bridge (XQBToken). */
  token: Address;
  /**
   * First RELAYER_ROLE holder; default the deploying account (Hardhat dev key #0, the key the API signs
   * with locally). Pass zeroAddress to appoint none.
   */
  relayer?: Address;
  /** DEFAULT_ADMIN_ROLE + PAUSER_ROLE holder; default the deploying account (hand over to the multisig after). */
  admin?: Address;
}

/** Deploys BridgeEscrow(admin, token, relayer) from the first wallet and waits for its receipt. */
export async function deployBridge(hre: HardhatRuntimeEnvironment, opts: BridgeOptions): Promise<BridgeDeployment> {
  const [deployer] = await hre.viem.getWalletClients();
  if (!deployer) throw new Error("deploy: the network has no account to deploy from");
  const publicClient = await hre.viem.getPublicClient();
  for (const [name, a] of [
    ["token", opts.token],
    ["relayer", opts.relayer],
    ["admin", opts.admin],
  ] as const) {
    if (a !== undefined && !isAddress(a)) throw new Error(`deployBridge: ${name} is not an address: ${a}`);
  }
  if (opts.token === zeroAddress) throw new Error("deployBridge: token is the zero address");
  const admin = getAddress(opts.admin ?? deployer.account.address);
  const relayer = getAddress(opts.relayer ?? deployer.account.address);

  const sent = await hre.viem.sendDeploymentTransaction("BridgeEscrow", [admin, getAddress(opts.token), relayer]);
  const receipt = await publicClient.waitForTransactionReceipt({ hash: sent.deploymentTransaction.hash });
  if (receipt.status !== "success") throw new Error("deploy: BridgeEscrow reverted");
  return { BridgeEscrow: { address: sent.contract.address, deployedOnBlock: Number(receipt.blockNumber) } };
}
