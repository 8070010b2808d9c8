// A small destination ledger in memory for the relayer's state-machine tests (the Stellar and XRPL mini
// ledgers, fake Horizon and fake rippled, serve the adapter tests). It keeps what the exactly-once rules
// depend on: accounts with XQB trust lines and balances, issuer semantics (a payment from the issuer
// issues, one to it burns), transactions applied at most once by hash, ledgers that close, and a signed
// payment that expires once the ledger passes its last ledger sequence. Steering: `down` (unreachable:
// deliveries are signed offline, lookups fail), `holdSubmissions` (accepted but not applied yet), `refuse`.
import { createHash } from "node:crypto";
import type { Address } from "viem";
import { LedgerRejectedError } from "../../../ledgers/types";
import type { BridgeLedger } from "../bridge.constants";
import type { DestinationLedger, DeliveryRequest, IncomingPayment, Lookup } from "../bridge.destination";
import type { SignedDelivery } from "../bridge.repository";

interface Tx {
  hash: string;
  from: string;
  to: string;
  code: string;
  amount: number;
  memo: string;
  lastLedger: number;
  evm?: { address: Address } | { problem: string };
}

export class MemoryLedger implements DestinationLedger {
  ledgerIndex = 1;
  down = false;
  holdSubmissions = false;
  /** Every submission is refused with this result (nothing applied) while set. */
  refuse: string | null = null;
  readonly balances = new Map<string, number>();
  readonly trustLines = new Set<string>();
  readonly applied = new Map<string, { tx: Tx; ledger: number }>();
  readonly held: Tx[] = [];
  /** Payments to the issuer, in order (what `incoming` pages through). */
  readonly incomingLog: { tx: Tx; ledger: number }[] = [];
  private sequence = 0;

  constructor(
    readonly ledger: BridgeLedger,
    readonly issuer: string,
  ) {}

  // ---- steering and inspection (tests) ----
  openAccount(address: string, trustXqb = true): void {
    this.balances.set(address, this.balances.get(address) ?? 0);
    if (trustXqb) this.trustLines.add(address);
  }
  /** Payments applied to `address` (the deliveries it received). */
  paymentsTo(address: string): Tx[] {
    return [...this.applied.values()].map((a) => a.tx).filter((t) => t.to === address && t.from === this.issuer);
  }
  /** A holder pays XQB back to the issuer (the way back), naming an EVM address; its hash. */
  payToIssuer(from: string, amount: number, evm: { address: Address } | { problem: string }, code = "XQB"): string {
    const tx: Tx = {
      hash: this.hashOf(`${from}:${++this.sequence}`),
      from,
      to: this.issuer,
      code,
      amount,
      memo: "address" in evm ? evm.address : "",
      lastLedger: this.ledgerIndex + 4,
      evm,
    };
    this.apply(tx);
    return tx.hash;
  }
  /** Closes ledgers without transactions (time passing). */
  close(n = 1): void {
    this.ledgerIndex += n;
  }
  releaseHeld(): void {
    for (const tx of this.held.splice(0)) this.apply(tx);
  }

  // ---- DestinationLedger ----
  mode() {
    return { live: !this.down, reason: this.down ? "memory ledger down" : null };
  }
  explorerUrl(hash: string) {
    return `memory://${this.ledger}/${hash}`;
  }
  async receivable(address: string) {
    this.reachable();
    if (!this.balances.has(address)) return `destination account ${address} does not exist`;
    if (!this.trustLines.has(address)) return `destination ${address} has no XQB trust line`;
    return null;
  }
  async deliver(req: DeliveryRequest, onSigned: (s: SignedDelivery) => Promise<void>) {
    const tx: Tx = {
      hash: this.hashOf(`${req.lockId}:${++this.sequence}`),
      from: this.issuer,
      to: req.address,
      code: "XQB",
      amount: Number(req.amount),
      memo: req.memo,
      lastLedger: this.ledgerIndex + 4,
    };
    if (this.down)
      return {
        hash: tx.hash,
        ledgerIndex: null,
        explorerUrl: null,
        source: "simulated" as const,
        reason: "memory ledger down",
      };
    await onSigned({
      hash: tx.hash,
      blob: JSON.stringify(tx),
      sequence: String(this.sequence),
      expiresAt: null,
      lastLedgerSequence: tx.lastLedger,
    });
    if (this.refuse) throw new LedgerRejectedError(this.ledger, `${this.refuse}: refused`);
    const ledger = this.submit(tx);
    return {
      hash: tx.hash,
      ledgerIndex: ledger,
      explorerUrl: this.explorerUrl(tx.hash),
      source: "live" as const,
      reason: null,
    };
  }
  async lookup(hash: string): Promise<Lookup> {
    this.reachable();
    const a = this.applied.get(hash);
    return a ? { found: true, success: true, ledgerIndex: a.ledger, result: "success" } : { found: false };
  }
  async expired(signed: SignedDelivery) {
    this.reachable();
    return signed.lastLedgerSequence !== null && this.ledgerIndex > signed.lastLedgerSequence;
  }
  async resubmit(signed: SignedDelivery) {
    this.reachable();
    this.submit(JSON.parse(signed.blob) as Tx);
  }
  async incoming(cursor: string | null) {
    this.reachable();
    const from = cursor === null ? 0 : Number(cursor);
    const page = this.incomingLog.slice(from);
    const payments: IncomingPayment[] = page.map(({ tx, ledger }) => ({
      hash: tx.hash,
      from: tx.from,
      code: tx.code,
      issuer: this.issuer,
      amount: String(tx.amount),
      evm: tx.evm ?? { problem: "no memo" },
      memo: tx.memo,
      ledgerIndex: ledger,
      success: true,
    }));
    return { payments, cursor: String(this.incomingLog.length) };
  }
  async supply() {
    this.reachable();
    let total = 0;
    let holders = 0;
    for (const [address, balance] of this.balances) {
      if (address === this.issuer || balance === 0) continue;
      total += balance;
      holders++;
    }
    return { amount: total.toFixed(7), holders, source: "live" as const, reason: null };
  }

  // ---- internals ----
  private reachable(): void {
    if (this.down) throw new Error(`${this.ledger} memory ledger unreachable`);
  }
  private hashOf(s: string): string {
    const h = createHash("sha256").update(`${this.ledger}:${s}`).digest("hex");
    return this.ledger === "xrpl" ? h.toUpperCase() : h;
  }
  /** Accepts a transaction: applied now (closing a ledger) unless held; null ledger when held or expired. */
  private submit(tx: Tx): number | null {
    if (this.holdSubmissions) {
      this.held.push(tx);
      return null;
    }
    return this.apply(tx);
  }
  private apply(tx: Tx): number | null {
    if (this.applied.has(tx.hash)) return this.applied.get(tx.hash)!.ledger; // a duplicate is the same transaction
    if (this.ledgerIndex > tx.lastLedger) return null; // expired: never applied
    if (tx.to !== this.issuer && !this.trustLines.has(tx.to)) throw new Error("tecPATH_DRY: no XQB trust line");
    this.ledgerIndex++;
    if (tx.from !== this.issuer) this.balances.set(tx.from, (this.balances.get(tx.from) ?? 0) - tx.amount);
    if (tx.to !== this.issuer) this.balances.set(tx.to, (this.balances.get(tx.to) ?? 0) + tx.amount);
    this.applied.set(tx.hash, { tx, ledger: this.ledgerIndex });
    if (tx.to === this.issuer) this.incomingLog.push({ tx, ledger: this.ledgerIndex });
    return this.ledgerIndex;
  }
}
