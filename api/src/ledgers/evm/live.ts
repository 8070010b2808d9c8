// The live EVM chain: viem against the node, every send through the signer road.
import {
  BaseError,
  createPublicClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  keccak256,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Abi,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type PublicClient,
  type Transport,
} from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { sleep, withTimeout } from "../deadline";
import type { SignerAccount, SignerRoad } from "../signer/signer-road";
import { LedgerUnreachableError, LiveUnavailableError, type ProbeResult } from "../types";
import type { BlockStamp, DryRunResult, MinedReceipt, RawCall, RawCallOutcome, WriteResult } from "./chain";
import { abiOf, contractsOn, type ContractName } from "./contracts";
import { classifySend, revertDataOf, toLedgerError } from "./errors";
import { HeadWatch } from "./head";

export interface EvmLiveConfig {
  network: string;
  chainId: number;
  /** The transport requests go through (a bounded number at a time, see index.ts). */
  transport: Transport;
  /** A transport of its own for probes, so a busy request queue never makes a healthy node look dead. */
  probeTransport?: Transport;
  endpoint: string;
  privateKey: `0x${string}`;
  explorerBaseUrl: string | null;
  /** How long a write waits for its receipt before answering "sent, not mined yet". */
  receiptWaitMs?: number;
  /** A head read this recent answers a caller (HeadWatch's maxAgeMs; 0: only one that started after it asked). */
  headMaxAgeMs?: number;
}

/** A call as the implementations see it; EvmChain's signatures type it per contract and function. */
export interface LooseCall {
  contract: ContractName;
  functionName: string;
  args?: readonly unknown[];
  value?: bigint;
  blockNumber?: bigint;
}

/**
 * What a live send tells its caller. `signed`, when given, runs once the transaction is signed and before it
 * leaves (inside the account's turn on the signer road), with its hash and nonce: a caller that must survive a
 * crash records them there. If it throws, nothing is sent and the nonce is free again.
 */
export interface SendContext {
  signal: AbortSignal;
  submitted(): void;
  signed?(tx: SignedTransaction): Promise<void>;
}

/** A signed transaction before it is sent. */
export interface SignedTransaction {
  hash: Hash;
  from: Address;
  nonce: number;
}

/** Hardhat's chain id: the only chain whose clock the API may move. */
const LOCAL_CHAIN_ID = 31337;

export function evmChain(chainId: number, network: string): Chain {
  return defineChain({
    id: chainId,
    name: network,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [] } },
  });
}

export function explorerTxUrl(base: string | null, hash: string): string | null {
  return base ? `${base.replace(/\/$/, "")}/tx/${hash}` : null;
}

/** Typed as EvmChain by createEvmLedger; the methods take the loose shapes the typed interface narrows. */
export class EvmLiveChain {
  readonly chainId: number;
  readonly network: string;
  readonly account: Address;
  private readonly signer: PrivateKeyAccount;
  private readonly chain: Chain;
  private readonly client: PublicClient;
  private readonly probeClient: PublicClient;
  private readonly receiptWaitMs: number;
  private readonly signerAccount: SignerAccount;
  private instance: string | null = null;
  /** The latest block, read once for concurrent callers, and values computed once per head (head.ts). */
  private readonly head: HeadWatch;
  /** The account's pending count as last read (probe) or used (send): the simulated twin signs with it. */
  lastNonce: number | null = null;

  constructor(
    private readonly cfg: EvmLiveConfig,
    private readonly road: SignerRoad,
  ) {
    this.chainId = cfg.chainId;
    this.network = cfg.network;
    this.signer = privateKeyToAccount(cfg.privateKey);
    this.account = this.signer.address;
    this.chain = evmChain(cfg.chainId, cfg.network);
    this.client = createPublicClient({ chain: this.chain, transport: cfg.transport, pollingInterval: 200 });
    this.probeClient = cfg.probeTransport
      ? createPublicClient({ chain: this.chain, transport: cfg.probeTransport })
      : this.client;
    this.receiptWaitMs = cfg.receiptWaitMs ?? 2000;
    this.head = new HeadWatch(() => this.readBlock(undefined), { maxAgeMs: cfg.headMaxAgeMs ?? 0 });
    this.signerAccount = {
      key: `evm:${cfg.chainId}:${this.account.toLowerCase()}`,
      chainInstance: async () => this.instance ?? (await this.readInstance(this.client)),
      chainNonce: () => this.client.getTransactionCount({ address: this.account, blockTag: "pending" }),
      classify: classifySend,
    };
  }

  /**
   * Reachable is not live: the node must answer and every contract of this chain's map must have code at its
   * address (a fresh node that the deploy has not reached yet answers, but has none).
   */
  async probe(): Promise<ProbeResult> {
    try {
      const contracts = Object.entries(contractsOn(this.chainId) ?? {}).filter(
        ([, c]) => !(c as { external?: boolean }).external,
      );
      const [block, , codes, nonce] = await Promise.all([
        this.probeClient.getBlockNumber({ cacheTime: 0 }),
        this.readInstance(this.probeClient),
        Promise.all(contracts.map(([, c]) => this.probeClient.getCode({ address: c!.address }))),
        this.probeClient.getTransactionCount({ address: this.account, blockTag: "pending" }),
      ]);
      this.lastNonce = nonce;
      const missing = contracts.filter((_, i) => !codes[i] || codes[i] === "0x").map(([name]) => name);
      const notLive =
        contracts.length === 0
          ? `no contracts are deployed on ${this.network} (no deploy map for chain ${this.chainId})`
          : missing.length > 0
            ? `contracts are not deployed on this ${this.network} node yet (no code at ${missing.length === contracts.length ? "any address of the deploy map" : missing.join(", ")})`
            : null;
      return { latestBlock: Number(block), notLive };
    } catch (err) {
      throw toLedgerError(err, this.cfg.endpoint);
    }
  }

  chainInstance(): string | null {
    return this.instance;
  }

  address(contract: ContractName): Address {
    const entry = contractsOn(this.chainId)?.[contract];
    if (!entry) throw new LiveUnavailableError(`${contract} is not deployed on ${this.network}`);
    return entry.address;
  }

  async read(call: LooseCall): Promise<never> {
    try {
      return (await this.client.readContract({
        address: this.address(call.contract),
        abi: abiOf(call.contract) as Abi,
        functionName: call.functionName,
        args: call.args as readonly unknown[],
        blockNumber: call.blockNumber,
      })) as never;
    } catch (err) {
      throw toLedgerError(err, this.cfg.endpoint, call.contract);
    }
  }

  async simulate(call: LooseCall): Promise<unknown> {
    try {
      const { result } = await this.client.simulateContract({
        account: this.signer,
        address: this.address(call.contract),
        abi: abiOf(call.contract) as Abi,
        functionName: call.functionName,
        args: call.args as readonly unknown[],
        value: call.value,
      });
      return result;
    } catch (err) {
      throw toLedgerError(err, this.cfg.endpoint, call.contract);
    }
  }

  async dryRun(call: LooseCall, from: Address): Promise<DryRunResult> {
    try {
      const request = {
        account: from,
        address: this.address(call.contract),
        abi: abiOf(call.contract) as Abi,
        functionName: call.functionName,
        args: call.args as readonly unknown[],
        value: call.value,
      };
      const [{ result }, gas] = await Promise.all([
        this.client.simulateContract(request),
        this.client.estimateContractGas(request),
      ]);
      return { result, gas };
    } catch (err) {
      throw toLedgerError(err, this.cfg.endpoint, call.contract);
    }
  }

  async call(call: RawCall): Promise<RawCallOutcome> {
    try {
      const { data } = await this.client.call({
        account: call.from,
        to: call.to,
        data: call.data,
        value: call.value,
        blockNumber: call.blockNumber,
      });
      return { reverted: false, data: data ?? "0x" };
    } catch (err) {
      const ledgerError = toLedgerError(err, this.cfg.endpoint);
      if (ledgerError instanceof LedgerUnreachableError || !(err instanceof BaseError)) throw ledgerError;
      return { reverted: true, data: revertDataOf(err), message: err.shortMessage };
    }
  }

  async balance(address: Address): Promise<bigint> {
    try {
      return await this.client.getBalance({ address });
    } catch (err) {
      throw toLedgerError(err, this.cfg.endpoint);
    }
  }

  /** The latest block (shared by concurrent callers, see head.ts), or the given one. */
  block(blockNumber?: bigint): Promise<BlockStamp> {
    return blockNumber === undefined ? this.head.latest() : this.readBlock(blockNumber);
  }

  /**
   * `compute(head)` once per head block and key, shared by every caller while the head stays the same: a value
   * "as of the head" (a pool's state, the role holders) costs one computation per block, not one per request.
   */
  atHead<V>(key: string, compute: (head: BlockStamp) => Promise<V>): Promise<V> {
    return this.head.atHead(key, compute);
  }

  private async readBlock(blockNumber: bigint | undefined): Promise<BlockStamp> {
    try {
      const b = await this.client.getBlock(blockNumber === undefined ? { blockTag: "latest" } : { blockNumber });
      return { number: b.number, hash: b.hash, timestamp: Number(b.timestamp) };
    } catch (err) {
      throw toLedgerError(err, this.cfg.endpoint);
    }
  }

  /**
   * The local Hardhat chain only (chain 31337): moves its clock forward by `seconds` (evm_increaseTime) and
   * mines a block carrying the new time (evm_mine); answers that block. Anywhere else: LiveUnavailableError,
   * before anything is sent. No other test-node method is reachable through this client.
   */
  async increaseTime(seconds: number): Promise<BlockStamp> {
    if (this.chainId !== LOCAL_CHAIN_ID || this.network !== "hardhat") {
      throw new LiveUnavailableError(
        `the chain's clock can only be moved on the local Hardhat chain (${LOCAL_CHAIN_ID}), not on ${this.network}`,
      );
    }
    if (!Number.isSafeInteger(seconds) || seconds <= 0)
      throw new RangeError(`seconds must be a positive whole number (got ${seconds})`);
    try {
      await withTimeout(
        this.client.request({ method: "evm_increaseTime", params: [seconds] } as never),
        5000,
        "evm_increaseTime",
      );
      await withTimeout(this.client.request({ method: "evm_mine", params: [] } as never), 5000, "evm_mine");
    } catch (err) {
      throw toLedgerError(err, this.cfg.endpoint);
    } finally {
      this.head.moved();
    }
    return this.block();
  }

  async write(call: LooseCall, ctx?: SendContext): Promise<WriteResult> {
    return this.send(this.signer, this.signerAccount, call, ctx);
  }

  /**
   * The same write signed by another key (a local dev account the caller holds: the treasury test's borrower
   * and liquidator), its nonce taken through the signer road under that account's own key. The caller
   * decides whose key may be used here (see dev-keys.ts); the server's own key takes the ordinary write.
   */
  async writeAs(privateKey: `0x${string}`, call: LooseCall, ctx?: SendContext): Promise<WriteResult> {
    const signer = privateKeyToAccount(privateKey);
    if (signer.address === this.account) return this.write(call, ctx);
    return this.send(signer, this.roadAccountOf(signer), call, ctx);
  }

  /**
   * A plain value transfer (wei, no calldata) from the key's account to `to`, its nonce taken through the
   * signer road under that account's key (the server's own key when it is the server's). Gas is estimated
   * first, so an account that cannot pay is refused before anything is signed. Knows no feature.
   */
  async sendValueAs(privateKey: `0x${string}`, to: Address, value: bigint, ctx?: SendContext): Promise<WriteResult> {
    const key = privateKeyToAccount(privateKey);
    const signer = key.address === this.account ? this.signer : key;
    const account = signer === this.signer ? this.signerAccount : this.roadAccountOf(signer);
    let prepared;
    try {
      prepared = await this.client.prepareTransactionRequest({
        account: signer,
        chain: this.chain,
        to,
        value,
        parameters: ["fees", "gas", "type"],
      });
    } catch (err) {
      throw toLedgerError(err, this.cfg.endpoint);
    }
    return this.dispatch(signer, account, prepared, ctx);
  }

  /** The signer road's account for a key other than the server's. */
  private roadAccountOf(signer: PrivateKeyAccount): SignerAccount {
    return {
      key: `evm:${this.chainId}:${signer.address.toLowerCase()}`,
      chainInstance: this.signerAccount.chainInstance,
      chainNonce: () => this.client.getTransactionCount({ address: signer.address, blockTag: "pending" }),
      classify: classifySend,
    };
  }

  /** The bytecode at `address` ("0x" when none): is a contract there on this chain run. */
  async codeAt(address: Address): Promise<Hex> {
    try {
      return (await this.client.getCode({ address })) ?? "0x";
    } catch (err) {
      throw toLedgerError(err, this.cfg.endpoint);
    }
  }

  private async send(
    signer: PrivateKeyAccount,
    signerAccount: SignerAccount,
    call: LooseCall,
    ctx?: SendContext,
  ): Promise<WriteResult> {
    const to = this.address(call.contract);
    // eth_call first: a revert comes back decoded (custom error name and arguments) before anything is signed.
    if (signer === this.signer) await this.simulate(call);
    else await this.dryRun(call, signer.address);
    let prepared;
    try {
      const data = encodeFunctionData({
        abi: abiOf(call.contract) as Abi,
        functionName: call.functionName,
        args: call.args as readonly unknown[],
      });
      // Gas and fees do not depend on the nonce: filled outside the account's lock, which then only signs and sends.
      prepared = await this.client.prepareTransactionRequest({
        account: signer,
        chain: this.chain,
        to,
        data,
        value: call.value,
        parameters: ["fees", "gas", "type"],
      });
    } catch (err) {
      throw toLedgerError(err, this.cfg.endpoint, call.contract);
    }
    return this.dispatch(signer, signerAccount, prepared, ctx, call.contract);
  }

  /** Signs the prepared request under the account's number from the signer road, sends it, waits briefly for the receipt. */
  private async dispatch(
    signer: PrivateKeyAccount,
    signerAccount: SignerAccount,
    prepared: object,
    ctx?: SendContext,
    contract?: ContractName,
  ): Promise<WriteResult> {
    const sent = await this.road
      .send(
        signerAccount,
        async (nonce) => {
          ctx?.signal.throwIfAborted();
          const raw = await signer.signTransaction({ ...prepared, nonce, chainId: this.chainId } as never);
          await ctx?.signed?.({ hash: keccak256(raw), from: signer.address, nonce });
          ctx?.submitted();
          try {
            await this.client.sendRawTransaction({ serializedTransaction: raw });
          } finally {
            // Sent (or maybe sent): this process's own write is in the next head anyone reads.
            this.head.moved();
          }
          if (signer === this.signer) this.lastNonce = nonce + 1;
          return { raw, nonce };
        },
        ctx?.signal,
      )
      .catch((err: unknown) => {
        throw toLedgerError(err, this.cfg.endpoint, contract);
      });
    const hash = keccak256(sent.raw);
    const receipt = await this.waitForReceipt(hash);
    // Mined after the send: what a caller reads next is as of that block or later.
    if (receipt) this.head.moved();
    return {
      network: this.network,
      transactionHash: hash,
      signedTransaction: sent.raw,
      signer: signer.address,
      nonce: sent.nonce,
      // Sent: from here a slow chain (Sepolia's 12 s blocks) is not a failure, and simulating now would report
      // a fake while the real transaction lands; an unmined one is answered live with no receipt yet.
      receipt,
      explorerUrl: explorerTxUrl(this.cfg.explorerBaseUrl, hash),
      chainInstance: this.instance,
      assumptions: [],
    };
  }

  /** Whether the node knows the transaction (mined or waiting in its pool); false when it never saw it or dropped it. */
  async knowsTransaction(hash: Hash): Promise<boolean> {
    try {
      await this.client.getTransaction({ hash });
      return true;
    } catch (err) {
      if (err instanceof TransactionNotFoundError) return false;
      throw toLedgerError(err, this.cfg.endpoint);
    }
  }

  /** The account's count of mined transactions (the "latest" block's nonce): a nonce below it is used for good. */
  async minedNonce(address: Address): Promise<number> {
    try {
      return await this.client.getTransactionCount({ address, blockTag: "latest" });
    } catch (err) {
      throw toLedgerError(err, this.cfg.endpoint);
    }
  }

  async receipt(hash: Hash): Promise<MinedReceipt | null> {
    try {
      const r = await this.client.getTransactionReceipt({ hash });
      this.head.seen(r.blockNumber);
      return {
        transactionHash: r.transactionHash.toLowerCase() as Hash,
        from: getAddress(r.from),
        to: r.to ? getAddress(r.to) : null,
        status: r.status,
        blockNumber: r.blockNumber,
        blockHash: r.blockHash,
        logs: r.logs,
      };
    } catch (err) {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw toLedgerError(err, this.cfg.endpoint);
    }
  }

  private async waitForReceipt(hash: Hash): Promise<MinedReceipt | null> {
    const until = Date.now() + this.receiptWaitMs;
    for (;;) {
      const found = await this.receipt(hash).catch(() => null);
      if (found || Date.now() + 200 > until) return found;
      await sleep(200);
    }
  }

  private async readInstance(client: PublicClient): Promise<string> {
    const genesis = await client.getBlock({ blockNumber: 0n });
    this.instance = genesis.hash!.toLowerCase();
    return this.instance;
  }
}
