// The EVM chain client any feature can use: typed read, simulate and write against the deploy map's
// contracts, receipts and logs. It knows no feature. Live and simulated are the same interface: the live
// one sends through the signer road; the simulated one encodes and signs the same call offline.
import type {
  Address,
  ContractFunctionArgs,
  ContractFunctionName,
  ContractFunctionReturnType,
  ContractEventName,
  Hash,
  Hex,
  Log,
  ParseEventLogsReturnType,
} from "viem";
import type { AbiOf, ContractName } from "./contracts";

type ReadMutability = "pure" | "view";
type WriteMutability = "nonpayable" | "payable";

export interface ReadCall<N extends ContractName, F extends ContractFunctionName<AbiOf<N>, ReadMutability>> {
  contract: N;
  functionName: F;
  args?: ContractFunctionArgs<AbiOf<N>, ReadMutability, F>;
  /** Read the state as of this block (the node must still hold it: Hardhat does, a pruned Sepolia node may not). */
  blockNumber?: bigint;
}
export type ReadResult<
  N extends ContractName,
  F extends ContractFunctionName<AbiOf<N>, ReadMutability>,
> = ContractFunctionReturnType<AbiOf<N>, ReadMutability, F>;

export interface WriteCall<N extends ContractName, F extends ContractFunctionName<AbiOf<N>, WriteMutability>> {
  contract: N;
  functionName: F;
  args: ContractFunctionArgs<AbiOf<N>, WriteMutability, F>;
  /** Wei sent with the call. */
  value?: bigint;
}

/** A mined transaction's receipt, as much of it as features read. */
export interface MinedReceipt {
  transactionHash: Hash;
  from: Address;
  to: Address | null;
  status: "success" | "reverted";
  blockNumber: bigint;
  blockHash: Hash;
  logs: Log[];
}

export interface WriteResult {
  network: string;
  /** keccak256 of `signedTransaction`, lower case. */
  transactionHash: Hash;
  signedTransaction: Hex;
  signer: Address;
  nonce: number;
  /** Null when simulated, and on a live send not mined within the wait (Sepolia's 12 s blocks). */
  receipt: MinedReceipt | null;
  explorerUrl: string | null;
  /** The chain run it was sent to (its genesis hash); null when simulated. */
  chainInstance: string | null;
  /** What a simulated transaction took for granted (gas, fees, nonce, the target's address). */
  assumptions: string[];
}

/** A write as a given account would send it, run with eth_call and eth_estimateGas; nothing is signed. */
export interface DryRunResult {
  /** The function's return value. */
  result: unknown;
  /** eth_estimateGas for the call from that account. */
  gas: bigint;
}

/** A raw eth_call: `from` (any address, e.g. a Safe calling its target) to any address, with any calldata. */
export interface RawCall {
  to: Address;
  data: Hex;
  from?: Address;
  value?: bigint;
  blockNumber?: bigint;
}

/** What a raw eth_call answered: the return data, or the revert data (null when the node gave none). */
export type RawCallOutcome = { reverted: false; data: Hex } | { reverted: true; data: Hex | null; message: string };

/** A block's number, hash and timestamp (unix seconds). */
export interface BlockStamp {
  number: bigint;
  hash: Hash;
  timestamp: number;
}

export interface EvmChain {
  readonly chainId: number;
  /** "hardhat" or "sepolia". */
  readonly network: string;
  /** The server's signing account. */
  readonly account: Address;
  /** The contract's address on this chain; LiveUnavailableError when the map has none. */
  address(contract: ContractName): Address;
  read<N extends ContractName, F extends ContractFunctionName<AbiOf<N>, ReadMutability>>(
    call: ReadCall<N, F>,
  ): Promise<ReadResult<N, F>>;
  /** eth_call of a write with the server account: its return value, or the decoded revert as ContractRevertedError. */
  simulate<N extends ContractName, F extends ContractFunctionName<AbiOf<N>, WriteMutability>>(
    call: WriteCall<N, F>,
  ): Promise<unknown>;
  /**
   * The call as `from` would send it (a user's wallet, for a preview): its return value and gas, or the decoded
   * revert as ContractRevertedError. Needs the node.
   */
  dryRun<N extends ContractName, F extends ContractFunctionName<AbiOf<N>, WriteMutability>>(
    call: WriteCall<N, F>,
    from: Address,
  ): Promise<DryRunResult>;
  /**
   * eth_call of raw calldata from any address: for callers that are not the server account (a Safe's pre-flight)
   * or contracts outside the map's names (an external USDC, a feed). A revert is an answer, not a throw;
   * network trouble throws the ledger errors. Needs the node.
   */
  call(call: RawCall): Promise<RawCallOutcome>;
  /** An account's ETH balance in wei. Needs the node. */
  balance(address: Address): Promise<bigint>;
  /**
   * The latest block (one read of the node shared by the callers asking at the same moment, see head.ts), or the
   * given one. Needs the node.
   */
  block(blockNumber?: bigint): Promise<BlockStamp>;
  /**
   * A value "as of the head": `compute(head)` runs once per head block and `key` (the value's name and inputs),
   * shared by every caller until the head moves; this process's own sends move it at once. Needs the node.
   */
  atHead<V>(key: string, compute: (head: BlockStamp) => Promise<V>): Promise<V>;
  /** Simulates, then signs and sends through the signer road, then waits briefly for the receipt. */
  write<N extends ContractName, F extends ContractFunctionName<AbiOf<N>, WriteMutability>>(
    call: WriteCall<N, F>,
    ctx?: { signal: AbortSignal; submitted(): void },
  ): Promise<WriteResult>;
  /** The mined transaction, or null when the chain does not have it. Live only. */
  receipt(hash: Hash): Promise<MinedReceipt | null>;
  /** The current chain run's id (genesis block hash); null when unknown. */
  chainInstance(): string | null;
}

/** Decodes one contract's events from a receipt, only those the contract at the map's address emitted. */
export type EventsOf<N extends ContractName, E extends ContractEventName<AbiOf<N>>> = ParseEventLogsReturnType<
  AbiOf<N>,
  E
>;
