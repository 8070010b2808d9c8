import {
  BlockNotFoundError,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  keccak256,
  parseEventLogs,
  TransactionReceiptNotFoundError,
  WaitForTransactionReceiptTimeoutError,
  type Address,
  type Chain,
  type Hash,
  type PublicClient,
  type Transport,
  type TransactionReceipt,
  type WalletClient,
} from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { XQBMinterAbi } from "../../../../contracts/generated/abis";
import { Deadline } from "../deadline";
import {
  LedgerRejectedError,
  type EthMintReceipt,
  type EthMintRequest,
  type EvmClient,
  type EvmReader,
  type ProbeResult,
  type WalletMintReceipt,
} from "../types";
import { toLedgerError } from "./errors";
import type { EvmNonceState } from "./nonce";
import { checkMint, quoteMint } from "./quote";

export interface EvmLiveConfig {
  network: string;
  chainId: number;
  transport: Transport;
  endpoint: string;
  privateKey: `0x${string}`;
  minter: Address;
  explorerBaseUrl: string | null;
  /** Whole budget of one mint or read; below the selector's 2.5 s so a slow chain is not mistaken for a dead one. */
  budgetMs?: number;
}

export function evmChain(chainId: number, network: string): Chain {
  return defineChain({
    id: chainId,
    name: network,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [] } },
  });
}

export class EvmLiveClient implements EvmClient, EvmReader {
  readonly chainId: number;
  readonly network: string;
  readonly account: Address;
  private readonly signer: PrivateKeyAccount;
  private readonly chain: Chain;
  private readonly publicClient: PublicClient;
  private readonly walletClient: WalletClient;
  private readonly budgetMs: number;

  constructor(private readonly cfg: EvmLiveConfig, private readonly nonce: EvmNonceState) {
    this.chainId = cfg.chainId;
    this.network = cfg.network;
    this.signer = privateKeyToAccount(cfg.privateKey);
    this.account = this.signer.address;
    this.chain = evmChain(cfg.chainId, cfg.network);
    // A short polling interval: receipts are awaited inside a 2 s budget, not the 4 s viem default.
    this.publicClient = createPublicClient({ chain: this.chain, transport: cfg.transport, pollingInterval: 200 });
    this.walletClient = createWalletClient({ account: this.signer, chain: this.chain, transport: cfg.transport });
    this.budgetMs = cfg.budgetMs ?? 2200;
  }

  async probe(): Promise<ProbeResult> {
    try {
      const [block, nonce] = await Promise.all([
        this.publicClient.getBlockNumber({ cacheTime: 0 }),
        this.publicClient.getTransactionCount({ address: this.account, blockTag: "pending" }),
      ]);
      this.nonce.next = nonce;
      return { latestBlock: Number(block) };
    } catch (err) {
      throw toLedgerError(err, this.cfg.endpoint);
    }
  }

  async mintXqb({ weiIn, recipient }: EthMintRequest): Promise<EthMintReceipt> {
    checkMint(weiIn, recipient);
    const deadline = new Deadline(this.budgetMs);
    const minter = this.cfg.minter;
    let hash: Hash;
    let raw: `0x${string}`;
    try {
      // eth_call first: a revert comes back decoded (custom error name and arguments) before anything is sent.
      await deadline.bound(
        this.publicClient.simulateContract({
          account: this.signer,
          address: minter,
          abi: XQBMinterAbi,
          functionName: "mint",
          args: [recipient],
          value: weiIn,
        }),
        "mint simulation",
      );
      const request = await deadline.bound(
        this.walletClient.prepareTransactionRequest({
          account: this.signer,
          chain: this.chain,
          to: minter,
          value: weiIn,
          data: encodeFunctionData({ abi: XQBMinterAbi, functionName: "mint", args: [recipient] }),
        }),
        "mint preparation",
      );
      raw = await this.walletClient.signTransaction({ ...request, account: this.signer, chain: this.chain });
      hash = keccak256(raw);
      await deadline.bound(this.publicClient.sendRawTransaction({ serializedTransaction: raw }), "mint broadcast");
      this.nonce.next = request.nonce + 1;
    } catch (err) {
      throw toLedgerError(err, this.cfg.endpoint);
    }

    const base = {
      network: this.network,
      transactionHash: hash,
      signedTransaction: raw,
      explorerUrl: this.explorerUrl(hash),
      signer: this.account,
      recipient,
    };
    // Broadcast succeeded: from here a slow chain (Sepolia's 12 s blocks) is not a failure. Simulating now would
    // report a fake while the real mint lands, so an unconfirmed mint is answered as live with no block yet.
    const receipt = await this.receiptWithin(hash, deadline);
    if (!receipt) return { ...base, ...quoteMint(weiIn), ledgerIndex: null };
    if (receipt.status !== "success") throw new LedgerRejectedError("ethereum", `mint ${hash} reverted on-chain`);
    const minted = this.mintedEvent(receipt);
    if (!minted) throw new LedgerRejectedError("ethereum", `mint ${hash} emitted no Minted event`);
    return {
      ...base,
      xqbOut: minted.args.xqbOut,
      xqbusdOut: minted.args.xqbusdOut,
      ledgerIndex: Number(receipt.blockNumber),
      blockHash: receipt.blockHash,
    };
  }

  async readWalletMint(transactionHash: Hash): Promise<WalletMintReceipt> {
    const deadline = new Deadline(this.budgetMs);
    let receipt: TransactionReceipt;
    try {
      receipt = await deadline.bound(this.publicClient.getTransactionReceipt({ hash: transactionHash }), "receipt read");
    } catch (err) {
      if (err instanceof TransactionReceiptNotFoundError) {
        throw new LedgerRejectedError("ethereum", `transaction ${transactionHash} not found (or not mined yet) on ${this.network}`);
      }
      throw toLedgerError(err, this.cfg.endpoint);
    }
    if (receipt.status !== "success") throw new LedgerRejectedError("ethereum", `transaction ${transactionHash} reverted`);
    const minted = this.mintedEvent(receipt);
    if (!minted) {
      throw new LedgerRejectedError(
        "ethereum",
        `transaction ${transactionHash} is not an XQBMinter mint (no Minted event from ${this.cfg.minter})`,
      );
    }
    return {
      network: this.network,
      transactionHash,
      ledgerIndex: Number(receipt.blockNumber),
      blockHash: receipt.blockHash,
      explorerUrl: this.explorerUrl(transactionHash),
      signer: getAddress(receipt.from),
      payer: minted.args.payer,
      recipient: minted.args.recipient,
      weiIn: minted.args.ethIn,
      xqbOut: minted.args.xqbOut,
      xqbusdOut: minted.args.xqbusdOut,
    };
  }

  /** The subset of `blockHashes` this node has (lower-case); throws a ledger error when it cannot say. */
  async knownBlocks(blockHashes: readonly Hash[]): Promise<Set<string>> {
    const deadline = new Deadline(this.budgetMs);
    const found = await deadline.bound(
      Promise.all(
        blockHashes.map(async (blockHash) => {
          try {
            await this.publicClient.getBlock({ blockHash });
            return blockHash.toLowerCase();
          } catch (err) {
            if (err instanceof BlockNotFoundError) return null;
            throw toLedgerError(err, this.cfg.endpoint);
          }
        }),
      ),
      "block lookup",
    );
    return new Set(found.filter((h): h is string => h !== null));
  }

  private async receiptWithin(hash: Hash, deadline: Deadline): Promise<TransactionReceipt | null> {
    try {
      return await deadline.bound(
        this.publicClient.waitForTransactionReceipt({ hash, timeout: Math.max(1, deadline.remaining()), pollingInterval: 200 }),
        "mint receipt",
      );
    } catch (err) {
      if (err instanceof WaitForTransactionReceiptTimeoutError || (err as Error).name === "LedgerTimeoutError") return null;
      throw toLedgerError(err, this.cfg.endpoint);
    }
  }

  private mintedEvent(receipt: TransactionReceipt) {
    const minter = this.cfg.minter.toLowerCase();
    return parseEventLogs({ abi: XQBMinterAbi, eventName: "Minted", logs: receipt.logs }).find(
      (log) => log.address.toLowerCase() === minter,
    );
  }

  private explorerUrl(hash: string): string | null {
    return this.cfg.explorerBaseUrl ? `${this.cfg.explorerBaseUrl.replace(/\/$/, "")}/tx/${hash}` : null;
  }
}
