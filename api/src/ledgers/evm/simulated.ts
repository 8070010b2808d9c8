// The simulated EVM chain: the same calls, encoded and signed offline with the server key and never sent.
// What depends on chain state is read through eth_call while the node answers and has the contracts; what
// it cannot read it assumes, and says so in `assumptions`.
import { encodeFunctionData, keccak256, parseGwei, type Abi, type Address, type Hash } from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { LedgerUnreachableError, LiveUnavailableError } from "../types";
import type { BlockStamp, DryRunResult, MinedReceipt, RawCall, RawCallOutcome, WriteResult } from "./chain";
import { abiOf, contractsOn, type ContractName } from "./contracts";
import type { EvmLiveChain, LooseCall } from "./live";

export interface EvmSimulatedConfig {
  network: string;
  chainId: number;
  privateKey: `0x${string}`;
  endpoint: string;
}

// Stand-ins for what the node would fill when it cannot be asked, each stated in the result's assumptions.
const GAS_LIMIT = 300_000n;
const MAX_FEE = parseGwei("2");
const PRIORITY_FEE = parseGwei("1");

export class EvmSimulatedChain {
  readonly chainId: number;
  readonly network: string;
  readonly account: Address;
  private readonly signer: PrivateKeyAccount;
  // Each offline transaction takes the nonce after the last one signed here, so two identical requests
  // sign two different transactions, as they would on the chain.
  private lastNonce = -1;

  /** `node` answers reads while the chain is reachable and has the contracts (`nodeUsable`). */
  constructor(
    private readonly cfg: EvmSimulatedConfig,
    private readonly node: EvmLiveChain,
    private readonly nodeUsable: () => boolean,
    private readonly lastSeenNonce: () => number | null,
  ) {
    this.chainId = cfg.chainId;
    this.network = cfg.network;
    this.signer = privateKeyToAccount(cfg.privateKey);
    this.account = this.signer.address;
  }

  chainInstance(): string | null {
    return null;
  }

  /** The map's address on this chain; on a chain without one, the local deploy's stands in (said in assumptions). */
  address(contract: ContractName): Address {
    return (contractsOn(this.chainId)?.[contract] ?? contractsOn(31337)![contract]!).address;
  }

  async read(call: LooseCall): Promise<never> {
    if (!this.nodeUsable())
      throw new LedgerUnreachableError("ethereum", this.cfg.endpoint, { cause: "simulated: the node cannot be read" });
    return this.node.read(call);
  }

  async simulate(call: LooseCall): Promise<unknown> {
    if (!this.nodeUsable())
      throw new LedgerUnreachableError("ethereum", this.cfg.endpoint, { cause: "simulated: the node cannot be asked" });
    return this.node.simulate(call);
  }

  async dryRun(call: LooseCall, from: Address): Promise<DryRunResult> {
    if (!this.nodeUsable())
      throw new LedgerUnreachableError("ethereum", this.cfg.endpoint, { cause: "simulated: the node cannot be asked" });
    return this.node.dryRun(call, from);
  }

  async call(call: RawCall): Promise<RawCallOutcome> {
    if (!this.nodeUsable())
      throw new LedgerUnreachableError("ethereum", this.cfg.endpoint, { cause: "simulated: the node cannot be asked" });
    return this.node.call(call);
  }

  async balance(address: Address): Promise<bigint> {
    if (!this.nodeUsable())
      throw new LedgerUnreachableError("ethereum", this.cfg.endpoint, { cause: "simulated: the node cannot be read" });
    return this.node.balance(address);
  }

  async block(blockNumber?: bigint): Promise<BlockStamp> {
    if (!this.nodeUsable())
      throw new LedgerUnreachableError("ethereum", this.cfg.endpoint, { cause: "simulated: the node cannot be read" });
    return this.node.block(blockNumber);
  }

  async atHead<V>(key: string, compute: (head: BlockStamp) => Promise<V>): Promise<V> {
    if (!this.nodeUsable())
      throw new LedgerUnreachableError("ethereum", this.cfg.endpoint, { cause: "simulated: the node cannot be read" });
    return this.node.atHead(key, compute);
  }

  async write(call: LooseCall): Promise<WriteResult> {
    const assumptions: string[] = [];
    if (!contractsOn(this.chainId)?.[call.contract]) {
      assumptions.push(`${call.contract} has no address on ${this.network}; the local deploy's address stands in`);
    }
    if (this.nodeUsable() && contractsOn(this.chainId)?.[call.contract]) {
      await this.node.simulate(call); // a revert the chain would give is the client's answer here too
    } else {
      assumptions.push("not checked against the chain (the node cannot be reached): the call may revert there");
    }
    const seen = this.lastSeenNonce();
    const nonce = (this.lastNonce = Math.max(seen ?? 0, this.lastNonce + 1));
    if (seen === null) assumptions.push(`nonce ${nonce}: the account's count on the chain was never read`);
    assumptions.push(
      `gas limit ${GAS_LIMIT}, max fee 2 gwei, priority fee 1 gwei (fixed stand-ins, not the chain's estimate)`,
    );
    const signed = await this.signer.signTransaction({
      type: "eip1559",
      chainId: this.chainId,
      nonce,
      to: this.address(call.contract),
      value: call.value ?? 0n,
      data: encodeFunctionData({ abi: abiOf(call.contract) as Abi, functionName: call.functionName, args: call.args }),
      gas: GAS_LIMIT,
      maxFeePerGas: MAX_FEE,
      maxPriorityFeePerGas: PRIORITY_FEE,
    });
    return {
      network: this.network,
      transactionHash: keccak256(signed),
      signedTransaction: signed,
      signer: this.account,
      nonce,
      receipt: null,
      explorerUrl: null,
      chainInstance: null,
      assumptions,
    };
  }

  async receipt(_hash: Hash): Promise<MinedReceipt | null> {
    throw new LiveUnavailableError("a simulated chain has no receipts");
  }
}
