// The bridge relayer, part of the API. Each pass (on an interval, and at once when the event index stores a
// new block) it takes the lease (one relayer per database), reads new `Locked` events from the index and new
// payments to the issuers on Stellar / XRPL (stored cursors), then moves every unfinished transfer one step
// through its state machine. State lives in the database only: a relayer that dies at any step is replaced
// by a new one that resumes from the rows, and a delivery is never paid twice:
//   - the signed delivery (hash, envelope/blob, expiry) is stored before it leaves (`onSigned`);
//   - a `relaying` transfer is resolved against the destination ledger by that hash: found and successful
//     -> delivered; not found and expired -> signed again; not found and not expired -> the same envelope
//     is resubmitted. Only an expired, unfound envelope is ever replaced, so at most one can land.
// Every step's errors are recorded on its transfer; nothing here throws into the API.
import { noteProcessWrite } from "../../shared/process-writes";
import { randomUUID } from "node:crypto";
import type { Address, Hex } from "viem";
import type { EventIndex } from "../../ledgers/evm/event-index/types";
import { withTimeout } from "../../ledgers/deadline";
import { LedgerRejectedError } from "../../ledgers/types";
import { scrubText, type Logger } from "../../logger";
import { baseUnitsOf, deliverableAmount, destinationProblem, refundId, sourceTxId } from "./bridge.amounts";
import { CHAIN_IDS, LEDGER_OF_CHAIN, XQB_CODE, type BridgeLedger, type BridgeState } from "./bridge.constants";
import type { DestinationLedger, IncomingPayment } from "./bridge.destination";
import type { BridgeEvm } from "./bridge.evm";
import { INBOUND_RUN, type BridgeRepository, type SignedDelivery } from "./bridge.repository";
import type { EvmSide, RemoteSide } from "./bridge.schemas";
import type { BridgeTransferRow } from "../../db/schema";

/** Where a test may kill the relayer (an injected failure thrown at that step). */
export type CrashPoint = "after-lock" | "after-signed" | "after-submit" | "after-confirm";

/** Thrown by an injected failure: the relayer stops as a crash would (lease kept, nothing cleaned up). */
export class RelayerKilled extends Error {
  override readonly name = "RelayerKilled";
}

export interface RelayerOptions {
  repo: BridgeRepository;
  chainId: number;
  evm: BridgeEvm;
  index: EventIndex;
  destinations: Record<BridgeLedger, DestinationLedger>;
  deadlineSeconds: number;
  logger: Pick<Logger, "info" | "warn" | "error">;
  /** Between passes when nothing wakes the relayer (ms). */
  intervalMs?: number;
  /** How long the lease lasts without a renewal (ms); a dead relayer's lease frees after this. */
  leaseMs?: number;
  /** Least time between two reads of the issuers' incoming payments (ms). */
  incomingEveryMs?: number;
  /** Each step's bound (ms): a hung call is recorded as an error and retried next pass. */
  stepTimeoutMs?: number;
  /** Tests: throw RelayerKilled at a step. */
  crashAt?: (point: CrashPoint, transferId: string) => boolean;
}

const LEASE = "bridge-relayer";
/** Live delivery attempts refused by the ledger before the lock is refunded (each XRPL tec costs a fee). */
const MAX_ATTEMPTS = 5;
const OUTBOUND_WORK: BridgeState[] = ["locked", "relaying", "failed"];
const INBOUND_WORK: BridgeState[] = ["seen", "releasing"];
/** Rejections that are the destination's own (no account, no trust line, not authorized): refund at once. */
const DESTINATION_REFUSED =
  /tecDST_TAG_NEEDED|tecNO_DST_INSUF_XRP|op_no_trust|op_no_destination|op_not_authorized|op_line_full|op_src_not_authorized|tecNO_LINE|tecPATH_DRY|tecNO_DST|tecNO_AUTH|tecNO_PERMISSION|tecPATH_PARTIAL|no XQB trust line|does not exist/;

export interface RelayerStatus {
  running: boolean;
  leader: boolean;
  lastPassAt: Date | null;
  lastError: string | null;
}

export class BridgeRelayer {
  readonly holder = randomUUID();
  private running = false;
  private leader = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private lastPassAt: Date | null = null;
  private lastError: string | null = null;
  private lastHead: bigint = -1n;
  private lastIncomingAt = 0;
  private passing: Promise<void> = Promise.resolve();
  private readonly incomingEveryMs: number;
  private readonly intervalMs: number;
  private readonly leaseMs: number;
  private readonly stepTimeoutMs: number;

  constructor(private readonly o: RelayerOptions) {
    this.intervalMs = o.intervalMs ?? 2000;
    this.leaseMs = o.leaseMs ?? 15_000;
    this.stepTimeoutMs = o.stepTimeoutMs ?? 30_000;
    this.incomingEveryMs = o.incomingEveryMs ?? 5000;
  }

  status(): RelayerStatus {
    return { running: this.running, leader: this.leader, lastPassAt: this.lastPassAt, lastError: this.lastError };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
    // The summary shows whether the relayer runs: its cached answer is renewed.
    noteProcessWrite();
  }

  /** Stops after the pass in flight; lets go of the lease so another relayer can start at once. */
  async stop(): Promise<void> {
    if (!this.running) return void (await this.loop);
    this.running = false;
    this.wake?.();
    await this.loop;
    await this.o.repo.releaseLease(LEASE, this.holder).catch(() => undefined);
    this.leader = false;
    noteProcessWrite();
  }

  /** Resolves when the loop has ended (stopped, or killed by an injected failure). */
  async stopped(): Promise<void> {
    await this.loop;
  }

  /**
   * One pass now, after the one in flight: the loop's passes and a caller's (tests, the batch's waits, the
   * dashboard's sync) never overlap, so two passes never step the same transfer at once.
   */
  pass(): Promise<void> {
    const next = this.passing.then(() => this.passOnce());
    this.passing = next.catch(() => undefined);
    return next;
  }

  private async passOnce(): Promise<void> {
    if (!(await this.o.repo.acquireLease(LEASE, this.holder, this.leaseMs, this.lastError))) {
      this.leader = false;
      return;
    }
    this.leader = true;
    const run = await this.readLocks();
    // The issuers' payments are read at most every incomingEveryMs (a public Horizon / rippled has rate limits).
    if (Date.now() - this.lastIncomingAt >= this.incomingEveryMs) {
      this.lastIncomingAt = Date.now();
      for (const dest of Object.values(this.o.destinations))
        await this.guard(`incoming ${dest.ledger}`, () => this.readIncoming(dest));
    }
    const rows = await this.o.repo.pending(this.o.chainId, [...OUTBOUND_WORK, ...INBOUND_WORK], run);
    for (const row of rows) {
      if (!this.running && this.loop) break;
      await this.step(row);
    }
    this.lastPassAt = new Date();
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        await this.pass();
        this.lastError = null;
      } catch (err) {
        if (err instanceof RelayerKilled) {
          this.o.logger.warn({ point: err.message }, "bridge relayer killed by an injected failure");
          this.running = false;
          this.leader = false;
          return;
        }
        this.lastError = message(err);
        this.o.logger.warn({ err: this.lastError }, "bridge relayer pass failed");
      }
      if (!this.running) break;
      await this.idle();
    }
  }

  /** Waits for the interval, a new index head or stop(), whichever comes first. */
  private async idle(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const woken = new Promise<void>((resolve) => {
      this.wake = resolve;
      timer = setTimeout(resolve, this.intervalMs);
      timer.unref();
    });
    const head = this.o.index.waitFor(this.lastHead + 1n, this.intervalMs).then(
      () => undefined,
      () => undefined,
    );
    await Promise.race([woken, head]);
    clearTimeout(timer);
    this.wake = null;
  }

  private crash(point: CrashPoint, id: string): void {
    if (this.o.crashAt?.(point, id)) throw new RelayerKilled(`${point} (transfer ${id})`);
  }

  /** One bounded step; its failure is recorded by the caller, never thrown into the loop (except a kill). */
  private async guard<T>(what: string, fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await withTimeout(fn(), this.stepTimeoutMs, `bridge ${what}`);
    } catch (err) {
      if (err instanceof RelayerKilled) throw err;
      this.o.logger.warn({ err: message(err), what }, "bridge relayer step failed");
      return undefined;
    }
  }

  // ---- readers -----------------------------------------------------------------------------------

  /** New Locked events since the stored cursor (per chain run): each becomes a `locked` transfer once. The run read. */
  private async readLocks(): Promise<string | null> {
    const head = await this.o.index.head();
    if (!head) return null;
    this.lastHead = head.lastIndexedBlock;
    const name = `locked:${this.o.chainId}:${head.chainInstance}`;
    const cursor = await this.o.repo.cursor(name);
    const from = cursor === null ? 0n : BigInt(cursor) + 1n;
    if (from > head.lastIndexedBlock) return head.chainInstance;
    const limit = 1000;
    const events = await this.o.index.events({
      contract: "BridgeEscrow",
      eventName: "Locked",
      fromBlock: from,
      toBlock: head.lastIndexedBlock,
      limit,
    });
    for (const e of events) {
      const ledger = LEDGER_OF_CHAIN[Number(e.args.destinationChain)];
      if (!ledger) continue; // the contract refuses other chains; nothing to deliver
      const nonce = String(e.args.nonce);
      const amount = BigInt(String(e.args.amount));
      const dest = this.o.destinations[ledger];
      const row = await this.o.repo.insert({
        chainId: this.o.chainId,
        run: e.chainInstance,
        id: nonce,
        direction: "outbound",
        state: "locked",
        ledger,
        evmAddress: String(e.args.sender),
        evm: {
          chainId: this.o.chainId,
          sender: String(e.args.sender),
          recipient: null,
          amount: amount.toString(),
          lockNonce: nonce,
          lockTxHash: e.transactionHash,
          releaseTxHash: null,
          refundTxHash: null,
          releaseId: null,
          source: "live",
          reason: null,
        },
        remote: {
          ledger,
          address: String(e.args.destinationAddress),
          memo: String(e.args.memo),
          asset: { code: XQB_CODE, issuer: dest.issuer },
          amount: deliverableAmount(amount),
          deliveryTxHash: null,
          ledgerIndex: null,
          explorerUrl: null,
          source: dest.mode().live ? "live" : "simulated",
          reason: dest.mode().reason,
          expiresAt: null,
          lastLedgerSequence: null,
        },
        deadlineAt: new Date(Date.now() + this.o.deadlineSeconds * 1000),
        note: `Locked ${amount} base units for ${String(e.args.destinationAddress)} on ${ledger} (block ${e.blockNumber})`,
        hash: e.transactionHash,
      });
      if (row) this.crash("after-lock", nonce);
    }
    const reachedLimit = events.length === limit;
    const last = events.at(-1);
    // A full page may end inside a block: start again at that block (inserts are idempotent).
    await this.o.repo.setCursor(
      name,
      (reachedLimit && last ? last.blockNumber - 1n : head.lastIndexedBlock).toString(),
    );
    return head.chainInstance;
  }

  /** New payments to the issuer on one ledger: XQB with a good memo -> `seen`; anything else bridged-looking -> `rejected`. */
  private async readIncoming(dest: DestinationLedger): Promise<void> {
    if (!dest.mode().live) return;
    const name = `incoming:${dest.ledger}:${dest.issuer}`;
    const cursor = await this.o.repo.cursor(name);
    const { payments, cursor: next } = await dest.incoming(cursor);
    for (const p of payments) await this.recordIncoming(dest, p);
    if (next !== null && next !== cursor) await this.o.repo.setCursor(name, next);
  }

  private async recordIncoming(dest: DestinationLedger, p: IncomingPayment): Promise<void> {
    if (!p.success || p.from === dest.issuer) return;
    const isXqb = p.code === XQB_CODE && (p.issuer === dest.issuer || p.issuer === null);
    const names = "address" in p.evm;
    // Native payments without an EVM memo are funding (friendbot, our own demo accounts), not bridge traffic.
    if (!isXqb && !names) return;
    const units = baseUnitsOf(p.amount);
    let problem: string | null = null;
    if (!isXqb)
      problem = `wrong asset: ${p.code ?? "native"}${p.issuer ? ` issued by ${p.issuer}` : ""} (only ${XQB_CODE} issued by ${dest.issuer} is bridged)`;
    else if (!names) problem = `unknown memo: ${(p.evm as { problem: string }).problem}`;
    else if (units === null) problem = `amount ${p.amount} is not a positive amount of at most 18 decimals`;
    const id = `${dest.ledger}-${dest.ledger === "xrpl" ? p.hash.toUpperCase() : p.hash.toLowerCase()}`;
    const recipient = names ? (p.evm as { address: Address }).address : null;
    const row = await this.o.repo.insert({
      chainId: this.o.chainId,
      run: INBOUND_RUN,
      id,
      direction: "inbound",
      state: problem ? "rejected" : "seen",
      ledger: dest.ledger,
      evmAddress: recipient,
      evm: {
        chainId: this.o.chainId,
        sender: null,
        recipient,
        // Only XQB counts in the summary's rule: another asset paid to the issuer is not the bridge's.
        amount: (isXqb ? (units ?? 0n) : 0n).toString(),
        lockNonce: null,
        lockTxHash: null,
        releaseTxHash: null,
        refundTxHash: null,
        releaseId: sourceTxId(p.hash),
        source: "live",
        reason: null,
      },
      remote: {
        ledger: dest.ledger,
        address: p.from,
        memo: p.memo,
        asset: { code: p.code ?? "native", issuer: p.issuer ?? "" },
        amount: p.amount,
        deliveryTxHash: p.hash,
        ledgerIndex: p.ledgerIndex,
        explorerUrl: dest.explorerUrl(p.hash),
        source: "live",
        reason: null,
        expiresAt: null,
        lastLedgerSequence: null,
      },
      deadlineAt: null,
      error: problem,
      note: problem ?? `${p.amount} ${XQB_CODE} paid to the issuer by ${p.from} for ${recipient}`,
      hash: p.hash,
    });
    if (!row) this.o.logger.info({ id }, "bridge: inbound payment seen before (replay refused)");
  }

  // ---- the state machine -------------------------------------------------------------------------

  private async step(row: BridgeTransferRow): Promise<void> {
    try {
      await withTimeout(this.advance(row), this.stepTimeoutMs, `bridge transfer ${row.id}`);
    } catch (err) {
      if (err instanceof RelayerKilled) throw err;
      const text = message(err);
      this.o.logger.warn({ id: row.id, state: row.state, err: text }, "bridge transfer step failed");
      // Recorded on the transfer (read fresh: the step may have moved it before failing).
      const fresh = await this.o.repo.get(row).catch(() => null);
      if (fresh && fresh.error !== text)
        await this.o.repo
          .transition(fresh, fresh.state as BridgeState, { error: text, note: `error: ${text}` })
          .catch(() => null);
    }
  }

  private advance(row: BridgeTransferRow): Promise<void> {
    switch (row.state) {
      case "locked":
        return this.deliver(row);
      case "relaying":
        return this.resolve(row);
      case "failed":
        return this.refund(row);
      case "seen":
      case "releasing":
        return this.release(row);
      default:
        return Promise.resolve();
    }
  }

  private dest(row: BridgeTransferRow): DestinationLedger {
    return this.o.destinations[row.ledger as BridgeLedger];
  }

  private pastDeadline(row: BridgeTransferRow): boolean {
    return row.deadlineAt !== null && row.deadlineAt.getTime() <= Date.now();
  }

  /** locked: checks, then (live) claim -> sign and store -> submit; (simulated) a signed-offline preview, waiting. */
  private async deliver(row: BridgeTransferRow): Promise<void> {
    const remote = row.remote as RemoteSide;
    const evm = row.evm as EvmSide;
    const dest = this.dest(row);
    const amount = deliverableAmount(BigInt(evm.amount));
    const problem =
      amount === null
        ? `amount not representable on ${row.ledger}: ${evm.amount} base units has more than 7 decimals`
        : destinationProblem(row.ledger as BridgeLedger, remote.address);
    const ownIssuer =
      remote.address === dest.issuer ? `the destination ${remote.address} is the XQB issuer itself` : null;
    if (problem || ownIssuer) {
      await this.o.repo.transition(row, "failed", {
        error: problem ?? ownIssuer,
        note: `not deliverable: ${problem ?? ownIssuer}`,
      });
      return;
    }
    const mode = dest.mode();
    // In `locked` nothing is out on the ledger (a rejected or never-sent delivery), so a refund is safe.
    if (this.pastDeadline(row) || row.attempts >= MAX_ATTEMPTS) {
      const why = !mode.live
        ? `${row.ledger} unreachable past the deadline: ${mode.reason}`
        : `not delivered after ${row.attempts} attempt(s)${this.pastDeadline(row) ? " and past the deadline" : ""}: ${row.error ?? "no reason recorded"}`;
      await this.o.repo.transition(row, "failed", { error: why, note: `${why}: refunding` });
      return;
    }
    if (!mode.live) {
      if (remote.deliveryTxHash) return; // the offline preview is there; keep waiting for the ledger
    } else {
      const refusal = await dest.receivable(remote.address, amount!);
      if (refusal) {
        await this.o.repo.transition(row, "failed", { error: refusal, note: `destination refuses XQB: ${refusal}` });
        return;
      }
    }
    // Claim: only one actor moves it from locked (the conditional UPDATE).
    const current = await this.o.repo.transition(row, "relaying", {
      addAttempt: true,
      error: null,
      note: `delivering on ${row.ledger} (attempt ${row.attempts + 1})`,
    });
    if (!current) return;
    await this.send(current, amount!);
  }

  /** Signs (storing the envelope first) and submits; records what came of it. `current` is in `relaying`. */
  private async send(claimed: BridgeTransferRow, amount: string): Promise<void> {
    let current = claimed;
    const remote = current.remote as RemoteSide;
    const dest = this.dest(current);
    let result;
    try {
      result = await dest.deliver(
        { lockId: current.id, address: remote.address, amount, memo: remote.memo },
        async (signed) => {
          const stored = await this.o.repo.transition(current, "relaying", {
            signed,
            remote: { expiresAt: signed.expiresAt, lastLedgerSequence: signed.lastLedgerSequence },
            note: `signed ${signed.hash}, stored before it may leave`,
            hash: signed.hash,
          });
          if (!stored) throw new Error("the transfer changed while signing: not sending");
          current = stored;
          this.crash("after-signed", current.id);
        },
      );
    } catch (err) {
      if (err instanceof RelayerKilled) throw err;
      const text = message(err);
      const fresh = (await this.o.repo.get(current)) ?? current;
      if (err instanceof LedgerRejectedError) {
        // Refused at submission: nothing was applied. The destination's own refusal refunds; others retry.
        if (DESTINATION_REFUSED.test(text))
          await this.o.repo.transition(fresh, "failed", {
            signed: null,
            error: text,
            note: `refused by ${current.ledger}: ${text}`,
          });
        else
          await this.o.repo.transition(fresh, "locked", {
            signed: null,
            error: text,
            note: `refused by ${current.ledger}, will retry: ${text}`,
          });
        return;
      }
      // Unknown outcome (the network failed after sending?): stays relaying; the next pass asks the ledger.
      await this.o.repo.transition(fresh, "relaying", {
        error: text,
        note: `submission outcome unknown, will check the ledger: ${text}`,
      });
      return;
    }
    if (result.source !== "live") {
      // Signed offline, never submitted: show it, forget the envelope, keep waiting for the ledger.
      await this.o.repo.transition(current, "locked", {
        signed: null,
        remote: {
          deliveryTxHash: result.hash,
          source: "simulated",
          reason: result.reason,
          explorerUrl: null,
          ledgerIndex: null,
        },
        note: `${current.ledger} simulated (${result.reason}): the delivery was signed offline, never submitted; waiting for the ledger until the deadline`,
        hash: result.hash,
      });
      return;
    }
    this.crash("after-submit", current.id);
    if (result.ledgerIndex === null) {
      await this.o.repo.transition(current, "relaying", {
        remote: { deliveryTxHash: result.hash, explorerUrl: result.explorerUrl, source: "live", reason: null },
        note: `submitted ${result.hash}; waiting for the ledger to confirm`,
        hash: result.hash,
      });
      return;
    }
    this.crash("after-confirm", current.id);
    await this.delivered(current, result.hash, result.ledgerIndex, result.explorerUrl);
  }

  private async delivered(
    row: BridgeTransferRow,
    hash: string,
    ledgerIndex: number | null,
    explorerUrl: string | null,
  ): Promise<void> {
    await this.o.repo.transition(row, "delivered", {
      error: null,
      remote: { deliveryTxHash: hash, ledgerIndex, explorerUrl, source: "live", reason: null },
      note: `delivered on ${row.ledger} in ledger ${ledgerIndex ?? "?"}`,
      hash,
    });
  }

  /** relaying: resolve the stored envelope against the destination ledger (see the file's comment). */
  private async resolve(row: BridgeTransferRow): Promise<void> {
    const signed = row.signed as SignedDelivery | null;
    if (!signed) {
      // Claimed but nothing was signed (died right after the claim): nothing can have left.
      await this.o.repo.transition(row, "locked", {
        note: "nothing was signed before the relayer stopped: delivering again",
      });
      return;
    }
    const dest = this.dest(row);
    if (!dest.mode().live) return; // a submitted delivery is only ever settled by asking the ledger
    // Expiry first, then the lookup: an envelope already expired and still not found can never land.
    const expired = await dest.expired(signed);
    const found = await dest.lookup(signed.hash);
    if (found.found) {
      if (found.success) {
        this.crash("after-confirm", row.id);
        await this.delivered(row, signed.hash, found.ledgerIndex, dest.explorerUrl(signed.hash));
      } else {
        await this.o.repo.transition(row, "failed", {
          error: `${row.ledger} applied the delivery without paying: ${found.result}`,
          note: `delivery ${signed.hash} failed on the ledger (${found.result}): refunding`,
          hash: signed.hash,
        });
      }
      return;
    }
    if (expired) {
      if (this.pastDeadline(row)) {
        await this.o.repo.transition(row, "failed", {
          signed: null,
          error: `not delivered before the deadline (${signed.hash} expired unapplied)`,
          note: "expired unapplied past the deadline: refunding",
        });
        return;
      }
      // Expired and not on the ledger: it can never land, so a new signature is safe.
      const again = await this.o.repo.transition(row, "relaying", {
        signed: null,
        addAttempt: true,
        note: `${signed.hash} expired unapplied: signing again (attempt ${row.attempts + 1})`,
      });
      if (again)
        await this.send(
          again,
          (row.remote as RemoteSide).amount ?? deliverableAmount(BigInt((row.evm as EvmSide).amount))!,
        );
      return;
    }
    await dest.resubmit(signed);
    await this.o.repo.transition(row, "relaying", {
      note: `${signed.hash} not on the ledger yet and not expired: resubmitted the same envelope`,
      hash: signed.hash,
    });
  }

  /** failed: BridgeEscrow.release back to the sender with keccak256("refund", nonce) as the source id. */
  private async refund(row: BridgeTransferRow): Promise<void> {
    if (!this.o.evm.live()) return;
    const evm = row.evm as EvmSide;
    const chain = CHAIN_IDS[row.ledger as BridgeLedger];
    const id = refundId(BigInt(evm.lockNonce!));
    if (await this.o.evm.isReleased(chain, id)) {
      const hash = evm.refundTxHash ?? (await this.o.evm.releasedTx(chain, id));
      await this.o.repo.transition(row, "refunded", {
        evm: { refundTxHash: hash, releaseId: id },
        note: "refund found on the chain",
        hash,
      });
      return;
    }
    const sent = await this.o.evm.release({ to: evm.sender as Address, amount: BigInt(evm.amount), id, chain });
    if (sent.mined)
      await this.o.repo.transition(row, "refunded", {
        evm: { refundTxHash: sent.hash, releaseId: id },
        note: `refunded ${evm.amount} base units to ${evm.sender}`,
        hash: sent.hash,
      });
    else
      await this.o.repo.transition(row, "failed", {
        evm: { refundTxHash: sent.hash, releaseId: id },
        note: `refund ${sent.hash} sent, not mined yet`,
        hash: sent.hash,
      });
  }

  /** seen -> releasing -> released: BridgeEscrow.release(recipient, amount, source tx hash, chain). */
  private async release(row: BridgeTransferRow): Promise<void> {
    if (!this.o.evm.live()) return;
    let current: BridgeTransferRow | null = row;
    if (row.state === "seen") {
      current = await this.o.repo.transition(row, "releasing", { addAttempt: true, note: "releasing from the escrow" });
      if (!current) return;
    }
    const evm = current.evm as EvmSide;
    const chain = CHAIN_IDS[current.ledger as BridgeLedger];
    const id = evm.releaseId as Hex;
    if (await this.o.evm.isReleased(chain, id)) {
      const hash = evm.releaseTxHash ?? (await this.o.evm.releasedTx(chain, id));
      await this.o.repo.transition(current, "released", {
        evm: { releaseTxHash: hash },
        error: null,
        note: "release found on the chain",
        hash,
      });
      return;
    }
    const sent = await this.o.evm.release({ to: evm.recipient as Address, amount: BigInt(evm.amount), id, chain });
    if (sent.mined)
      await this.o.repo.transition(current, "released", {
        evm: { releaseTxHash: sent.hash },
        error: null,
        note: `released ${evm.amount} base units to ${evm.recipient}`,
        hash: sent.hash,
      });
    else
      await this.o.repo.transition(current, "releasing", {
        evm: { releaseTxHash: sent.hash },
        note: `release ${sent.hash} sent, not mined yet`,
        hash: sent.hash,
      });
  }
}

/** An error as the transfer records it and the log shows it: scrubbed (no request bodies, long hex or secrets), first line, bounded. */
function message(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return scrubText(text.split("\n")[0] ?? text).slice(0, 500);
}
