// Deploys the treasury's 2-of-3 multisig: the Safe 1.4.1 contracts (SafeL2 singleton, proxy factory,
// compatibility fallback handler) and one Safe proxy set up with the owners. execAsMultisig makes that Safe
// execute a call, for handing admin rights over and for the emergency-pause demo.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import {
  encodeFunctionData,
  getAddress,
  isAddress,
  keccak256,
  parseEventLogs,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import type { DeployedContract } from "./deploy-minting";
import {
  buildSafeTransactionAt,
  executeSafeTransaction,
  safeAbi,
  safeTxHash,
  signSafeTransaction,
  type SafeSigner,
  type SigningMethod,
} from "../../api/src/ledgers/evm/safe/safe-tx";

/** Names the deploy map uses. */
export const GOVERNANCE_CONTRACTS = [
  "SafeSingleton",
  "SafeProxyFactory",
  "FallbackHandler",
  "TreasuryMultisig",
  "MultiSendCallOnly",
] as const;
export type GovernanceContractName = (typeof GOVERNANCE_CONTRACTS)[number];
/** Each entry names the artifact whose ABI it answers to (the deploy map's `artifact` field). */
export type GovernanceDeployment = Record<GovernanceContractName, DeployedContract & { artifact: string }>;

/**
 * The Hardhat artifact that holds each entry's ABI (the names differ from the artifacts'). The multisig is
 * a proxy: calls go to it with the singleton's ABI.
 */
export const GOVERNANCE_ARTIFACTS: Record<GovernanceContractName, string> = {
  SafeSingleton: "SafeL2",
  SafeProxyFactory: "SafeProxyFactory",
  FallbackHandler: "CompatibilityFallbackHandler",
  TreasuryMultisig: "SafeL2",
  MultiSendCallOnly: "MultiSendCallOnly",
};

export const GOVERNANCE_DEFAULTS = {
  threshold: 2n,
  /** CREATE2 salt of the treasury Safe proxy: fixed, so a fresh local chain always gives the same address. */
  saltNonce: BigInt(keccak256(toHex("XQB treasury multisig"))),
} as const;

export interface GovernanceOptions {
  /** Safe owners; default Hardhat dev accounts 1, 2 and 3 (account 0 deploys and stays a plain EOA). */
  owners?: Address[];
  /** Signatures needed; default 2. */
  threshold?: bigint;
  saltNonce?: bigint;
}

/**
 * Deploys SafeL2 (singleton), SafeProxyFactory and CompatibilityFallbackHandler, then creates the treasury
 * Safe through createProxyWithNonce with setup(owners, threshold, no module call, handler, no payment).
 * The treasury Safe's deployedOnBlock is the block of its createProxyWithNonce transaction.
 */
export async function deployGovernance(
  hre: HardhatRuntimeEnvironment,
  opts: GovernanceOptions = {},
): Promise<GovernanceDeployment> {
  const wallets = await hre.viem.getWalletClients();
  const deployer = wallets[0];
  if (!deployer) throw new Error("deploy: the network has no account to deploy from");
  const publicClient = await hre.viem.getPublicClient();

  let owners = opts.owners;
  if (!owners) {
    const dev = wallets.slice(1, 4).map((w) => w.account.address);
    if (dev.length < 3) {
      throw new Error("deployGovernance: pass `owners` on networks without Hardhat's dev accounts 1-3");
    }
    owners = dev;
  }
  owners = owners.map((o) => {
    if (!isAddress(o) || o === zeroAddress) throw new Error(`deployGovernance: bad owner ${o}`);
    return getAddress(o);
  });
  if (new Set(owners).size !== owners.length) throw new Error("deployGovernance: duplicate owner");
  const threshold = opts.threshold ?? GOVERNANCE_DEFAULTS.threshold;
  if (threshold < 1n || threshold > BigInt(owners.length)) {
    throw new Error(`deployGovernance: threshold ${threshold} with ${owners.length} owners`);
  }

  const mined = async (name: string, hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`deploy: ${name} reverted`);
    return receipt;
  };
  const deploy = async (name: GovernanceContractName) => {
    const artifact = GOVERNANCE_ARTIFACTS[name];
    const sent = await hre.viem.sendDeploymentTransaction(artifact, []);
    const receipt = await mined(name, sent.deploymentTransaction.hash);
    return { address: sent.contract.address, deployedOnBlock: Number(receipt.blockNumber), artifact };
  };

  const singleton = await deploy("SafeSingleton");
  const factory = await deploy("SafeProxyFactory");
  const handler = await deploy("FallbackHandler");

  const { abi: singletonAbi } = await hre.artifacts.readArtifact(GOVERNANCE_ARTIFACTS.SafeSingleton);
  const initializer = encodeFunctionData({
    abi: singletonAbi,
    functionName: "setup",
    args: [owners, threshold, zeroAddress, "0x", handler.address, zeroAddress, 0n, zeroAddress],
  });
  const factoryContract = await hre.viem.getContractAt("SafeProxyFactory", factory.address);
  const receipt = await mined(
    "TreasuryMultisig",
    await factoryContract.write.createProxyWithNonce(
      [singleton.address, initializer, opts.saltNonce ?? GOVERNANCE_DEFAULTS.saltNonce],
      { account: deployer.account },
    ),
  );
  const created = parseEventLogs({ abi: factoryContract.abi, logs: receipt.logs, eventName: "ProxyCreation" });
  if (created.length !== 1) throw new Error("deploy: createProxyWithNonce emitted no ProxyCreation");
  const safe = getAddress(created[0]!.args.proxy);

  // The setup call ran inside createProxyWithNonce; check it took.
  const [onChainOwners, onChainThreshold] = await Promise.all([
    publicClient.readContract({ address: safe, abi: safeAbi, functionName: "getOwners" }),
    publicClient.readContract({ address: safe, abi: safeAbi, functionName: "getThreshold" }),
  ]);
  if (onChainThreshold !== threshold || onChainOwners.length !== owners.length) {
    throw new Error("deploy: the treasury Safe's owners/threshold do not match what was asked");
  }

  // Deployed after the Safe so the Safe's CREATE2 address and the factory's stay where they were.
  const multiSend = await deploy("MultiSendCallOnly");

  return {
    SafeSingleton: singleton,
    SafeProxyFactory: factory,
    FallbackHandler: handler,
    TreasuryMultisig: {
      address: safe,
      deployedOnBlock: Number(receipt.blockNumber),
      artifact: GOVERNANCE_ARTIFACTS.TreasuryMultisig,
    },
    MultiSendCallOnly: multiSend,
  };
}

export interface ExecAsMultisigOptions {
  value?: bigint;
  /** Who sends execTransaction and pays the gas; default the first signer. Need not be an owner. */
  executor?: SafeSigner;
  /** How the owners sign; default EIP-712 typed data. */
  method?: SigningMethod;
  /**
   * eth_call the inner call from the Safe's address first (default true). The Safe reports a failed inner
   * call only as GS013; the pre-flight surfaces the target's own revert reason instead.
   */
  preflight?: boolean;
}

export interface MultisigExecution {
  receipt: TransactionReceipt;
  safeTxHash: Hex;
  nonce: bigint;
}

/**
 * Makes the Safe at `safeAddress` call `to` with `data`: builds the SafeTx at the current nonce, has each
 * of `signers` (owners' wallet clients, e.g. from hre.viem.getWalletClients()) sign it, sorts the
 * signatures and sends execTransaction. Needs at least `threshold` distinct owners among the signers.
 */
export async function execAsMultisig(
  hre: HardhatRuntimeEnvironment,
  safeAddress: Address,
  to: Address,
  data: Hex,
  signers: readonly SafeSigner[],
  opts: ExecAsMultisigOptions = {},
): Promise<MultisigExecution> {
  const publicClient = (await hre.viem.getPublicClient()) as PublicClient;
  const safe = getAddress(safeAddress);
  const [threshold, owners] = await Promise.all([
    publicClient.readContract({ address: safe, abi: safeAbi, functionName: "getThreshold" }),
    publicClient.readContract({ address: safe, abi: safeAbi, functionName: "getOwners" }),
  ]);
  const ownerSet = new Set(owners.map((o) => getAddress(o)));
  const distinct = [...new Map(signers.map((s) => [getAddress(s.account.address), s])).values()];
  const strangers = distinct.filter((s) => !ownerSet.has(getAddress(s.account.address)));
  if (strangers.length > 0) {
    throw new Error(`execAsMultisig: not owners of ${safe}: ${strangers.map((s) => s.account.address).join(", ")}`);
  }
  if (BigInt(distinct.length) < threshold) {
    throw new Error(`execAsMultisig: ${safe} needs ${threshold} owner signatures, got ${distinct.length}`);
  }

  if (opts.preflight ?? true) {
    try {
      await publicClient.call({ account: safe, to, data, value: opts.value });
    } catch (err) {
      const reason = err instanceof Error ? err.message.split("\n")[0] : String(err);
      throw new Error(`execAsMultisig: the call from the Safe to ${to} would revert: ${reason}`, { cause: err });
    }
  }

  const tx = await buildSafeTransactionAt(publicClient, safe, { to, data, value: opts.value });
  const chainId = await publicClient.getChainId();
  // Only `threshold` signatures are checked by the Safe; sign with exactly that many.
  const signing = distinct.slice(0, Number(threshold));
  const signatures = [];
  for (const s of signing) signatures.push(await signSafeTransaction(s, chainId, safe, tx, opts.method));
  const executor = opts.executor ?? signing[0]!;
  const receipt = await executeSafeTransaction(executor, publicClient, safe, tx, signatures);
  return { receipt, safeTxHash: safeTxHash(chainId, safe, tx), nonce: tx.nonce };
}
