// The demo batch (POST /api/bridge/batch, local chain only): dev account #9 mints XQB through XQBMinter with
// its own ETH, approves the escrow and locks N times to demo accounts on the chosen ledgers (server-held
// keys of this process, funded through the clients, XQB trust lines set). The relayer picks the locks up
// from the chain like anyone's. With roundTrip, each demo account then pays its XQB back to the issuer with
// the memo naming #9, and the relayer releases it. One batch at a time; batches live in memory.
import { randomUUID } from "node:crypto";
import { Account, Asset, Keypair, Memo, Operation, TransactionBuilder } from "@stellar/stellar-sdk";
import { parseEventLogs, type Address, type Hash } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { Wallet } from "xrpl";
import { HttpError } from "../../http/errors";
import { abiOf } from "../../ledgers/evm/contracts";
import type { EvmChain, EvmLiveChain } from "../../ledgers/evm";
import type { DevKeysAnswer } from "../../ledgers/evm/dev-keys";
import type { LedgerSelector } from "../../ledgers/selector";
import type { Logger } from "../../logger";
import { stellarMemoHashFor, xqbAmountOf, xrplEvmMemo } from "./bridge.amounts";
import { CHAIN_IDS, XQB_CODE, type BridgeLedger } from "./bridge.constants";
import type { DestinationLedger } from "./bridge.destination";
import { INBOUND_RUN, toTransfer, type BridgeRepository } from "./bridge.repository";
import type { BatchItem, BatchRequest, BridgeBatch, BridgeTransfer } from "./bridge.schemas";
import type { BridgeStellarClient } from "./bridge.stellar";
import type { BridgeXrplClient } from "./bridge.xrpl";

/** The bridge batch sender (shared-context.md: nobody else uses #9). */
const SENDER_INDEX = 9;
/** How long a batch waits for its transfers (the relayer's deadline refunds what cannot be delivered). */
const WAIT_MS = 5 * 60_000;
const POLL_MS = 500;

export interface BatchDeps {
  repo: BridgeRepository;
  chainId: number;
  evm: LedgerSelector<EvmChain>;
  node: EvmLiveChain;
  devKeys: DevKeysAnswer;
  stellar: LedgerSelector<BridgeStellarClient>;
  xrpl: LedgerSelector<BridgeXrplClient>;
  destinations: Record<BridgeLedger, DestinationLedger>;
  logger: Pick<Logger, "info" | "warn" | "error">;
}

interface ItemState {
  index: number;
  destination: BridgeLedger;
  destinationAddress: string;
  amount: bigint;
  lockTxHash: Hash | null;
  lockId: string | null;
  run: string | null;
  lockSentAt: Date | null;
  returnTxHash: string | null;
  returnedAt: Date | null;
  error: string | null;
}

interface BatchState {
  id: string;
  state: BridgeBatch["state"];
  request: BatchRequest;
  sender: Address;
  mintTxHash: Hash | null;
  approveTxHash: Hash | null;
  items: ItemState[];
  startedAt: Date;
  finishedAt: Date | null;
  error: string | null;
  /** Who ran it (an operator action): the operator's address, or "open (local presenter)". */
  ranBy: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());
const msg = (err: unknown) => (err instanceof Error ? err.message.split("\n")[0]! : String(err));

export class BatchRunner {
  private readonly batches = new Map<string, BatchState>();
  private running: BatchState | null = null;
  /** The last batch started: what every visitor sees of the operator's runs. */
  private newest: string | null = null;
  // Per-process demo accounts on the other ledgers (server-held keys, never logged).
  private stellarDemo: Keypair | null = null;
  private xrplDemo: Wallet | null = null;
  private readonly prepared = new Set<BridgeLedger>();

  constructor(private readonly d: BatchDeps) {}

  async start(req: BatchRequest, ranBy: string): Promise<BridgeBatch> {
    if (!this.d.devKeys.available)
      throw new HttpError("NOT_FOUND", `The batch runs only on the local chain: ${this.d.devKeys.reason}`);
    if (this.running) throw new HttpError("CONFLICT", `Batch ${this.running.id} is still running: one batch at a time`);
    if (this.d.evm.status().mode !== "live")
      throw new HttpError("LEDGER_UNAVAILABLE", `The local chain is not live: ${this.d.evm.status().reason}`, {
        ledger: "ethereum",
        retryAfterSeconds: 3,
      });
    const key = this.d.devKeys.keys.key(SENDER_INDEX);
    const destinations = [...new Set(req.destinations)];
    const batch: BatchState = {
      id: randomUUID(),
      state: "running",
      request: { ...req, destinations },
      sender: privateKeyToAccount(key).address,
      mintTxHash: null,
      approveTxHash: null,
      items: Array.from({ length: req.count }, (_, i) => {
        const destination = destinations[i % destinations.length]!;
        return {
          index: i,
          destination,
          destinationAddress: this.demoAddress(destination),
          // 1.1, 1.2, … XQB: distinct amounts with at most 7 decimals, so every one is deliverable.
          amount: 10n ** 18n + BigInt(i + 1) * 10n ** 17n,
          lockTxHash: null,
          lockId: null,
          run: null,
          lockSentAt: null,
          returnTxHash: null,
          returnedAt: null,
          error: null,
        };
      }),
      startedAt: new Date(),
      finishedAt: null,
      error: null,
      ranBy,
    };
    this.batches.set(batch.id, batch);
    this.newest = batch.id;
    this.running = batch;
    void this.run(batch, key)
      .catch((err: unknown) => {
        batch.state = "failed";
        batch.error = msg(err);
        this.d.logger.warn({ batch: batch.id, err: batch.error }, "bridge batch failed");
      })
      .finally(() => {
        batch.finishedAt = new Date();
        if (batch.state === "running") batch.state = "done";
        this.running = null;
      });
    return this.view(batch.id) as Promise<BridgeBatch>;
  }

  /** Resolves once no batch is running (tests). */
  async idle(timeoutMs = WAIT_MS): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.running && Date.now() < until) await sleep(POLL_MS);
  }

  private demoAddress(ledger: BridgeLedger): string {
    if (ledger === "stellar") return (this.stellarDemo ??= Keypair.random()).publicKey();
    return (this.xrplDemo ??= Wallet.generate()).classicAddress;
  }

  private async run(batch: BatchState, key: `0x${string}`): Promise<void> {
    for (const ledger of batch.request.destinations) {
      await this.prepare(ledger).catch((err: unknown) => {
        // Not fatal: the lock still happens; the relayer refunds what cannot be delivered, saying why.
        this.d.logger.warn({ ledger, err: msg(err) }, "bridge batch: demo account not prepared");
      });
    }
    const total = batch.items.reduce((s, i) => s + i.amount, 0n);
    const escrow = this.d.node.address("BridgeEscrow");
    // #9 mints what it lacks with its own ETH (XQBMinter: xqbOut = wei * xqbPerEth).
    const balance = (await this.d.node.read({
      contract: "XQBToken",
      functionName: "balanceOf",
      args: [batch.sender],
    })) as bigint;
    if (balance < total) {
      const [perEth, minWei] = (await Promise.all([
        this.d.node.read({ contract: "XQBMinter", functionName: "xqbPerEth" }),
        this.d.node.read({ contract: "XQBMinter", functionName: "minDepositWei" }),
      ])) as [bigint, bigint];
      const need = (total - balance + perEth - 1n) / perEth;
      const mint = await this.d.node.writeAs(key, {
        contract: "XQBMinter",
        functionName: "mint",
        args: [batch.sender],
        value: need > minWei ? need : minWei,
      });
      batch.mintTxHash = mint.transactionHash;
    }
    const approve = await this.d.node.writeAs(key, {
      contract: "XQBToken",
      functionName: "approve",
      args: [escrow, total],
    });
    batch.approveTxHash = approve.transactionHash;
    for (const item of batch.items) {
      try {
        item.lockSentAt = new Date();
        const w = await this.d.node.writeAs(key, {
          contract: "BridgeEscrow",
          functionName: "lock",
          args: [
            item.amount,
            CHAIN_IDS[item.destination],
            item.destinationAddress,
            `batch ${batch.id.slice(0, 8)} #${item.index + 1}`,
          ],
        });
        item.lockTxHash = w.transactionHash;
        const locked = w.receipt
          ? parseEventLogs({ abi: abiOf("BridgeEscrow"), eventName: "Locked", logs: w.receipt.logs })[0]
          : undefined;
        if (!locked) throw new Error(`lock ${w.transactionHash} was not mined with a Locked event`);
        item.lockId = locked.args.nonce.toString();
        item.run = w.chainInstance;
      } catch (err) {
        item.error = msg(err);
      }
    }
    // Wait for every lock to settle (delivered, or refunded past the deadline).
    // (A lock the relayer has not read yet has no transfer: not settled.)
    await this.waitFor(batch, (t) => t.outbound !== null && ["delivered", "refunded"].includes(t.outbound.state));
    if (!batch.request.roundTrip) return;
    for (const item of batch.items) {
      const out = await this.outbound(item);
      if (out?.state !== "delivered") continue;
      try {
        // Timed from the moment the payment leaves (the relayer may release it before the submit returns).
        item.returnedAt = new Date();
        item.returnTxHash = await this.payBack(item, batch.sender);
      } catch (err) {
        item.returnedAt = null;
        item.error = `way back: ${msg(err)}`;
      }
    }
    await this.waitFor(
      batch,
      (t) => t.returnTxHash === null || (t.inbound !== null && ["released", "rejected"].includes(t.inbound.state)),
    );
  }

  private async waitFor(
    batch: BatchState,
    done: (i: {
      outbound: BridgeTransfer | null;
      inbound: BridgeTransfer | null;
      returnTxHash: string | null;
    }) => boolean,
  ): Promise<void> {
    const until = Date.now() + WAIT_MS;
    while (Date.now() < until) {
      const items = await Promise.all(
        batch.items.map(async (i) => ({
          outbound: await this.outbound(i),
          inbound: await this.inbound(i),
          returnTxHash: i.returnTxHash,
          lockId: i.lockId,
        })),
      );
      if (items.every((i) => i.lockId === null || done(i))) return;
      await sleep(POLL_MS);
    }
    throw new Error(`transfers not settled within ${WAIT_MS / 1000} s`);
  }

  // ---- the demo accounts -------------------------------------------------------------------------

  /** Funds the demo account and sets its XQB trust line (once per process and ledger, live only). */
  private async prepare(ledger: BridgeLedger): Promise<void> {
    if (this.prepared.has(ledger)) return;
    if (ledger === "stellar") {
      const demo = (this.stellarDemo ??= Keypair.random());
      const client = this.d.stellar.requireLive();
      await client.fund(demo.publicKey());
      const account = await client.accountDetails(demo.publicKey());
      if (!account) throw new Error("the Stellar demo account was not created");
      const tx = new TransactionBuilder(new Account(demo.publicKey(), account.sequence), {
        fee: "1000",
        networkPassphrase: client.networkPassphrase,
      })
        .addOperation(Operation.changeTrust({ asset: new Asset(XQB_CODE, client.serverAccount) }))
        .setTimeout(60)
        .build();
      tx.sign(demo);
      await client.submitSigned(tx.toEnvelope().toXDR("base64"));
    } else {
      const demo = (this.xrplDemo ??= Wallet.generate());
      const client = this.d.xrpl.requireLive();
      await client.fund(demo.classicAddress);
      await client.submitSigned(
        await this.xrplSigned(demo, {
          TransactionType: "TrustSet",
          LimitAmount: { currency: XQB_CODE, issuer: client.serverAccount, value: "1000000000" },
        }),
      );
    }
    this.prepared.add(ledger);
  }

  /** A transaction of the demo wallet, filled from the ledger (sequence, fee, expiry) and signed here. */
  private async xrplSigned(wallet: Wallet, tx: Record<string, unknown>): Promise<string> {
    const client = this.d.xrpl.requireLive();
    const [account, state] = await Promise.all([client.accountDetails(wallet.classicAddress), client.serverState()]);
    if (!account) throw new Error("the XRPL demo account does not exist");
    const full = {
      ...tx,
      Account: wallet.classicAddress,
      Sequence: account.sequence,
      Fee: state.baseFeeDrops,
      LastLedgerSequence: state.validatedLedger + 10,
      ...(state.networkId !== null && state.networkId > 1024 ? { NetworkID: state.networkId } : {}),
    };
    return wallet.sign(full as never).tx_blob;
  }

  /** The demo account pays the item's XQB back to the issuer with the memo naming `evm`; its hash. */
  private async payBack(item: ItemState, evm: Address): Promise<string> {
    const value = this.d.destinations[item.destination];
    const amount = xqbAmountOf(item.amount).xqb;
    if (item.destination === "stellar") {
      const demo = this.stellarDemo!;
      const client = this.d.stellar.requireLive();
      const account = await client.accountDetails(demo.publicKey());
      if (!account) throw new Error("the Stellar demo account does not exist");
      const tx = new TransactionBuilder(new Account(demo.publicKey(), account.sequence), {
        fee: "1000",
        networkPassphrase: client.networkPassphrase,
      })
        .addOperation(
          Operation.payment({ destination: value.issuer, asset: new Asset(XQB_CODE, value.issuer), amount }),
        )
        .addMemo(Memo.hash(stellarMemoHashFor(evm)))
        .setTimeout(60)
        .build();
      tx.sign(demo);
      await client.submitSigned(tx.toEnvelope().toXDR("base64"));
      return Buffer.from(tx.hash()).toString("hex");
    }
    const demo = this.xrplDemo!;
    const blob = await this.xrplSigned(demo, {
      TransactionType: "Payment",
      Destination: value.issuer,
      Amount: { currency: XQB_CODE, issuer: value.issuer, value: amount },
      Memos: [xrplEvmMemo(evm)],
    });
    await this.d.xrpl.requireLive().submitSigned(blob);
    const { hashes } = await import("xrpl");
    return hashes.hashSignedTx(blob);
  }

  // ---- the view ----------------------------------------------------------------------------------

  private async outbound(item: ItemState): Promise<BridgeTransfer | null> {
    if (item.lockId === null || item.run === null) return null;
    const row = await this.d.repo.get({ chainId: this.d.chainId, run: item.run, id: item.lockId });
    return row ? toTransfer(row, this.d.node.chainInstance()) : null;
  }

  private async inbound(item: Pick<ItemState, "returnTxHash" | "destination">): Promise<BridgeTransfer | null> {
    if (!item.returnTxHash) return null;
    const id = `${item.destination}-${item.destination === "xrpl" ? item.returnTxHash.toUpperCase() : item.returnTxHash.toLowerCase()}`;
    const row = await this.d.repo.get({ chainId: this.d.chainId, run: INBOUND_RUN, id });
    return row ? toTransfer(row, this.d.node.chainInstance()) : null;
  }

  /** The newest batch started in this process, or null. */
  latest(): Promise<BridgeBatch | null> {
    return this.newest ? this.view(this.newest) : Promise.resolve(null);
  }

  async view(id: string): Promise<BridgeBatch | null> {
    const b = this.batches.get(id);
    if (!b) return null;
    const items: BatchItem[] = await Promise.all(
      b.items.map(async (i) => {
        const outbound = await this.outbound(i);
        const inbound = await this.inbound(i);
        const deliveredAt = outbound?.timestamps.delivered ?? null;
        const releasedAt = inbound?.timestamps.released ?? null;
        return {
          index: i.index,
          destination: i.destination,
          destinationAddress: i.destinationAddress,
          amount: xqbAmountOf(i.amount),
          lockTxHash: i.lockTxHash,
          outbound,
          returnTxHash: i.returnTxHash,
          inbound,
          timings: {
            lockedAt: outbound?.timestamps.locked ?? i.lockSentAt?.toISOString() ?? null,
            deliveredAt,
            returnedAt: i.returnedAt?.toISOString() ?? null,
            releasedAt,
            lockToDeliveredMs: deliveredAt && i.lockSentAt ? Date.parse(deliveredAt) - i.lockSentAt.getTime() : null,
            returnToReleasedMs: releasedAt && i.returnedAt ? Date.parse(releasedAt) - i.returnedAt.getTime() : null,
          },
          error: i.error,
        };
      }),
    );
    return {
      id: b.id,
      state: b.state,
      count: b.request.count,
      destinations: b.request.destinations,
      roundTrip: b.request.roundTrip,
      sender: b.sender,
      mintTxHash: b.mintTxHash,
      approveTxHash: b.approveTxHash,
      items,
      startedAt: b.startedAt.toISOString(),
      finishedAt: b.finishedAt?.toISOString() ?? null,
      error: b.error,
      ranBy: b.ranBy,
    };
  }
}
