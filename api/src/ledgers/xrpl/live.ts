// The live XRPL client: one websocket to rippled (xrpl.js), every submission through the signer road.
import {
  Client,
  ConnectionError,
  DisconnectedError,
  NotConnectedError,
  RippledError,
  TimeoutError,
  type SubmittableTransaction,
  type TxResponse,
  type Wallet,
} from "xrpl";
import { Deadline, LedgerTimeoutError, sleep, withTimeout } from "../deadline";
import type { OpContext } from "../selector";
import type { SendOutcome, SignerAccount, SignerRoad } from "../signer/signer-road";
import { LedgerBusyError, LedgerRejectedError, LedgerUnreachableError, type ProbeResult } from "../types";
import {
  describeEngineResult,
  explorerTxUrl,
  isIncluded,
  LEDGER_WINDOW,
  type XrplAccountDetails,
  type XrplFee,
  type XrplFundResult,
  type XrplIncomingPage,
  type XrplIncomingPayment,
  type XrplIssuedSupply,
  type XrplLedgerClient,
  type XrplSeen,
  type XrplServerState,
  type XrplSignedSubmitResult,
  type XrplSubmitOptions,
  type XrplSubmitResult,
  type XrplTransactionLookup,
  type XrplTransactionRequest,
  type XrplTransactionSummary,
} from "./client";
import {
  amountOf,
  BlobRefusal,
  currencyText,
  dropsToXrpText,
  inspectSignedBlob,
  memosOf,
  xrpNumberToDrops,
} from "./codec";
import { FaucetError, faucetUrlFor, requestFaucet } from "./faucet";
import { OncePerKey } from "../once-per-key";

export interface XrplLiveConfig {
  wsUrl: string;
  faucetHost?: string;
  endpoint: string;
  /** Budget of each network step; below the selector's 2.5 s so a ledger still closing is not mistaken for a dead node. */
  budgetMs?: number;
  /** The faucet takes seconds: funding runs in the background after a successful probe. */
  fundTimeoutMs?: number;
  pollIntervalMs?: number;
  /** How long a user's signed blob is followed after its submit before it is reported pending (ledgers close every 3-5 s). */
  signedWaitMs?: number;
}

/** The recent transactions an account view shows. */
const RECENT_TRANSACTIONS = 10;

// The server wallet's own refusals read as its own; any other code in words (describeEngineResult).
const SERVER_WORDS: Record<string, string> = {
  tecUNFUNDED_PAYMENT: "the server wallet does not hold enough XRP for this payment",
};
const KNOWN = /^(tes|tec|tef|tel|tem|ter)[A-Z_]+$/;

/** rippled's engine result for one transaction, as a rejection the signer road can classify. */
export class EngineResultError extends LedgerRejectedError {
  constructor(
    readonly engineResult: string,
    message?: string,
  ) {
    const words =
      SERVER_WORDS[engineResult] ??
      (KNOWN.test(engineResult) && !describeEngineResult(engineResult).startsWith(engineResult)
        ? describeEngineResult(engineResult)
        : (message ?? describeEngineResult(engineResult)));
    super("xrpl", `${engineResult}: ${words}`);
  }
}

/** The signer road's view of a failed submission. */
export function classifyXrplSend(err: unknown): Exclude<SendOutcome, "accepted"> {
  if (err instanceof EngineResultError) {
    const code = err.engineResult;
    if (code === "tefPAST_SEQ" || code === "terPRE_SEQ") return "stale-nonce";
    // tef/tem/tel: never applied, the sequence is not used. Other ter: rippled may still apply it later.
    return /^(tef|tem|tel)/.test(code) ? "not-sent" : "unknown";
  }
  if (err instanceof LedgerUnreachableError) return err.cause instanceof NotConnectedError ? "not-sent" : "unknown";
  return "not-sent"; // refused as a request (malformed), or thrown before the submit (signing, an aborted op)
}

export class XrplLiveClient implements XrplLedgerClient {
  readonly network = "testnet" as const;
  readonly serverAccount: string;
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private readonly funding = new OncePerKey<string>();
  private readonly budgetMs: number;
  private readonly fundTimeoutMs: number;
  private readonly pollIntervalMs: number;
  private readonly signedWaitMs: number;
  private readonly faucetUrl: string | null;
  private readonly signerAccount: SignerAccount;
  /** The open ledger's index as of the last account read: LastLedgerSequence counts from it. */
  private currentLedger = 0;

  constructor(
    private readonly cfg: XrplLiveConfig,
    private readonly server: Wallet,
    private readonly road: SignerRoad,
    private readonly seen: XrplSeen,
  ) {
    this.serverAccount = server.address;
    this.budgetMs = cfg.budgetMs ?? 2200;
    this.fundTimeoutMs = cfg.fundTimeoutMs ?? 20_000;
    this.pollIntervalMs = cfg.pollIntervalMs ?? 400;
    this.signedWaitMs = cfg.signedWaitMs ?? 12_000;
    this.faucetUrl = faucetUrlFor(cfg.wsUrl, cfg.faucetHost);
    this.signerAccount = {
      key: `xrpl:testnet:${this.serverAccount}`,
      chainInstance: () =>
        this.guard(
          async () => `xrpl-network:${(await this.connected(new Deadline(this.budgetMs))).networkID ?? "unknown"}`,
        ),
      chainNonce: () => this.guard(() => this.nextSequence()),
      classify: classifyXrplSend,
    };
  }

  async probe(): Promise<ProbeResult> {
    const deadline = new Deadline(this.budgetMs);
    const latestBlock = await this.guard(async () => this.validatedLedger(await this.connected(deadline), deadline));
    // The faucet is too slow for a request's 3 s: fund the server wallet as soon as the node is known to answer.
    void this.ensureFunded([this.serverAccount]).catch(() => undefined);
    return { latestBlock };
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    // A heartbeat ping still unanswered when the socket closes (a hung node) is rejected, and xrpl.js answers that
    // by reconnecting on its own: the closed client would come back with its heartbeat timer and nobody to close it.
    client.on("connected", () => void client.disconnect().catch(() => undefined));
    await client.disconnect().catch(() => undefined);
  }

  /** Each account is funded once per process (again after a failure); with `ctx`, waited for within the op's budget. */
  async ensureFunded(addresses: readonly string[], ctx?: OpContext): Promise<void> {
    const all = Promise.all(addresses.map((a) => this.fundOnce(a)));
    await this.guard(() => (ctx ? withTimeout(all, this.budgetMs, "wallet funding") : all));
  }

  async submit(request: XrplTransactionRequest, ctx?: OpContext, opts?: XrplSubmitOptions): Promise<XrplSubmitResult> {
    const deadline = new Deadline(this.budgetMs);
    // The fee does not depend on the sequence: filled outside the account's lock, which then only signs and submits.
    const { client, prepared } = await this.guard(async () => {
      const client = await this.connected(deadline);
      await deadline.bound(this.ensureFunded([this.serverAccount]), "wallet funding");
      // Sequence and LastLedgerSequence are set under the lock; placeholders keep autofill from asking for them.
      const tx = {
        ...request,
        Account: this.serverAccount,
        Sequence: 0,
        LastLedgerSequence: 0,
      } as SubmittableTransaction;
      return { client, prepared: await deadline.bound(client.autofill(tx), "autofill") };
    });
    const sent = await this.road.send(
      this.signerAccount,
      async (sequence) => {
        ctx?.signal.throwIfAborted();
        const lastLedgerSequence = this.currentLedger - 1 + LEDGER_WINDOW;
        const signed = this.server.sign({ ...prepared, Sequence: sequence, LastLedgerSequence: lastLedgerSequence });
        await opts?.onSigned?.({
          transactionHash: signed.hash,
          signedTransaction: signed.tx_blob,
          sequence,
          lastLedgerSequence,
        });
        ctx?.signal.throwIfAborted();
        // Each submission gets the whole budget from its turn on, however long it waited for the account's lock.
        const step = new Deadline(this.budgetMs);
        ctx?.submitted();
        const res = await this.guard(() =>
          step.bound(client.request({ command: "submit", tx_blob: signed.tx_blob }), "submit"),
        );
        const code = res.result.engine_result;
        // tes/terQUEUED: on its way. tec: it will be included with that failure (the sequence is used). Others: never included.
        if (code !== "tesSUCCESS" && code !== "terQUEUED" && !code.startsWith("tec"))
          throw new EngineResultError(code, res.result.engine_result_message);
        this.seen.sequence = sequence + 1;
        return { ...signed, sequence, code, message: res.result.engine_result_message, step };
      },
      ctx?.signal,
    );
    if (sent.code.startsWith("tec")) throw new EngineResultError(sent.code, sent.message);
    return {
      network: "testnet",
      transactionHash: sent.hash,
      signedTransaction: sent.tx_blob,
      // null: submitted but not validated within the budget (ledgers close every 3-5 s).
      ledgerIndex: await this.validation(client, sent.hash, sent.step),
      explorerUrl: explorerTxUrl(sent.hash),
      signer: this.serverAccount,
      sequence: sent.sequence,
      assumptions: [],
    };
  }

  /** The server account's next Sequence in the open ledger (which holds its applied, unvalidated transactions). */
  private async nextSequence(): Promise<number> {
    const deadline = new Deadline(this.budgetMs);
    const client = await this.connected(deadline);
    try {
      const info = await deadline.bound(
        client.request({ command: "account_info", account: this.serverAccount, ledger_index: "current" }),
        "account_info",
      );
      this.currentLedger = info.result.ledger_current_index ?? (this.seen.validatedLedger ?? 0) + 1;
      this.seen.validatedLedger = Math.max(this.seen.validatedLedger ?? 0, this.currentLedger - 1);
      this.seen.sequence = info.result.account_data.Sequence;
      return info.result.account_data.Sequence;
    } catch (err) {
      if (err instanceof RippledError && (err.data as { error?: string } | undefined)?.error === "actNotFound") {
        throw new LedgerRejectedError("xrpl", `the server wallet ${this.serverAccount} does not exist`);
      }
      throw err;
    }
  }

  private fundOnce(address: string): Promise<void> {
    return this.funding.run(address, async () => {
      const deadline = new Deadline(this.fundTimeoutMs);
      const client = await this.connected(deadline);
      if (await this.exists(client, address, deadline)) return;
      await this.faucet(client, address, deadline);
    });
  }

  /** Asks the faucet, then waits (within the deadline) for the account to appear in a validated ledger. */
  private async faucet(client: Client, address: string, deadline: Deadline): Promise<boolean> {
    const url = this.faucetUrl;
    if (!url) throw new LedgerRejectedError("xrpl", "no faucet is known for this XRPL network (set XRPL_FAUCET_HOST)");
    try {
      await deadline.bound(requestFaucet(url, address, deadline.signal()), "faucet funding");
    } catch (err) {
      if (err instanceof FaucetError) throw new LedgerRejectedError("xrpl", `faucet: ${err.message}`);
      if (err instanceof LedgerTimeoutError) throw err;
      throw new LedgerUnreachableError("xrpl", new URL(url).host, { cause: err });
    }
    while (deadline.remaining() > this.pollIntervalMs) {
      if (await this.exists(client, address, deadline).catch(() => false)) return true;
      await sleep(this.pollIntervalMs);
    }
    return false;
  }

  // ---- reads and the user's own transactions ----------------------------------------------------------

  async serverState(): Promise<XrplServerState> {
    const deadline = new Deadline(this.budgetMs);
    return this.guard(async () => this.readServerState(await this.connected(deadline), deadline));
  }

  async fee(): Promise<XrplFee> {
    const deadline = new Deadline(this.budgetMs);
    return this.guard(async () => {
      const client = await this.connected(deadline);
      const res = await deadline.bound(client.request({ command: "fee" }), "fee");
      return {
        baseFeeDrops: res.result.drops.base_fee,
        openLedgerFeeDrops: res.result.drops.open_ledger_fee,
        ledgerCurrentIndex: res.result.ledger_current_index,
      };
    });
  }

  async accountDetails(address: string): Promise<XrplAccountDetails | null> {
    const deadline = new Deadline(this.budgetMs);
    return this.guard(async () => {
      const client = await this.connected(deadline);
      let info;
      try {
        info = await deadline.bound(
          client.request({ command: "account_info", account: address, ledger_index: "validated" }),
          "account_info",
        );
      } catch (err) {
        if (isRippledError(err, "actNotFound")) {
          this.seen.accounts?.delete(address);
          return null;
        }
        throw err;
      }
      const [state, lines, txs] = await Promise.all([
        this.readServerState(client, deadline),
        deadline.bound(
          client.request({ command: "account_lines", account: address, ledger_index: "validated", limit: 200 }),
          "account_lines",
        ),
        deadline.bound(
          client.request({ command: "account_tx", account: address, limit: RECENT_TRANSACTIONS, forward: false }),
          "account_tx",
        ),
      ]);
      const data = info.result.account_data;
      const base = xrpNumberToDrops(state.baseReserveXrp);
      const owner = xrpNumberToDrops(state.ownerReserveXrp);
      const details: XrplAccountDetails = {
        address,
        balanceXrp: dropsToXrpText(data.Balance),
        sequence: data.Sequence,
        ownerCount: data.OwnerCount,
        reserves: {
          baseXrp: state.baseReserveXrp,
          ownerXrp: state.ownerReserveXrp,
          totalXrp: dropsToXrpText(base + owner * BigInt(data.OwnerCount)),
        },
        trustLines: lines.result.lines.map((l) => ({
          currency: currencyText(l.currency),
          issuer: l.account,
          balance: l.balance,
          limit: l.limit,
        })),
        recentTransactions: (txs.result.transactions as unknown as AccountTxEntry[]).map(summarize),
        validatedLedger: info.result.ledger_index ?? state.validatedLedger,
        observed: "rippled",
      };
      (this.seen.accounts ??= new Map()).set(address, details);
      return details;
    });
  }

  async fund(address: string, ctx?: OpContext): Promise<XrplFundResult> {
    const deadline = new Deadline(this.budgetMs);
    const client = await this.guard(() => this.connected(deadline));
    if (await this.guard(() => this.exists(client, address, deadline))) return { funded: false, alreadyExisted: true };
    // The faucet's POST may fund the account whatever happens next: never replaced by a simulation from here on.
    ctx?.submitted();
    await this.guard(() => this.faucet(client, address, new Deadline(this.fundTimeoutMs)));
    return { funded: true, alreadyExisted: false };
  }

  async submitSigned(txBlob: string, ctx?: OpContext): Promise<XrplSignedSubmitResult> {
    const { tx, hash } = refusedAsRejection(() => inspectSignedBlob(txBlob));
    const deadline = new Deadline(this.budgetMs);
    const client = await this.guard(() => this.connected(deadline));
    // The node must answer before it is handed the blob: a hung node is then simulated, never a blob left in doubt.
    await this.guard(() => this.validatedLedger(client, deadline));
    ctx?.signal.throwIfAborted();
    ctx?.submitted();
    const step = new Deadline(this.budgetMs);
    const res = await this.guard(() => step.bound(client.request({ command: "submit", tx_blob: txBlob }), "submit"));
    const lastLedgerSequence = Number(tx.LastLedgerSequence);
    const base = {
      network: "testnet" as const,
      transactionHash: hash,
      signedTransaction: txBlob,
      signer: tx.Account,
      account: tx.Account,
      transactionType: tx.TransactionType,
      feeDrops: String(tx.Fee ?? "0"),
      sequence: Number(tx.Sequence ?? 0),
      lastLedgerSequence,
      assumptions: [],
    };
    const preliminary = res.result.engine_result;
    // The same blob sent again after it was applied comes back tefPAST_SEQ / tefALREADY: its own outcome is in the ledger.
    const resent = preliminary === "tefPAST_SEQ" || preliminary === "tefALREADY";
    if (!isIncluded(preliminary) && !resent) {
      return {
        ...base,
        status: "rejected",
        engineResult: preliminary,
        engineResultText: describeEngineResult(preliminary),
        ledgerIndex: null,
        explorerUrl: null,
        validatedLedger: this.seen.validatedLedger,
      };
    }
    const outcome = await this.follow(client, hash, lastLedgerSequence, new Deadline(this.signedWaitMs));
    if (resent && outcome.status !== "validated") {
      return {
        ...base,
        status: "rejected",
        engineResult: preliminary,
        engineResultText: describeEngineResult(preliminary),
        ledgerIndex: null,
        explorerUrl: null,
        validatedLedger: outcome.validatedLedger,
      };
    }
    const code = outcome.result ?? (outcome.status === "expired" ? "tefMAX_LEDGER" : preliminary);
    return {
      ...base,
      status: outcome.status,
      engineResult: code,
      engineResultText: describeEngineResult(code),
      ledgerIndex: outcome.ledgerIndex,
      explorerUrl: outcome.status === "expired" ? null : explorerTxUrl(hash),
      validatedLedger: outcome.validatedLedger,
    };
  }

  async transaction(hash: string): Promise<XrplTransactionLookup> {
    const deadline = new Deadline(this.budgetMs);
    return this.guard(async () => {
      const client = await this.connected(deadline);
      try {
        const res = await deadline.bound(client.request({ command: "tx", transaction: hash }), "tx lookup");
        const r = res.result as unknown as AccountTxEntry & { validated?: boolean };
        const meta = typeof r.meta === "object" && r.meta ? r.meta : null;
        return {
          found: true as const,
          validated: r.validated === true,
          result: meta?.TransactionResult ?? "pending",
          ledgerIndex: r.validated ? (r.ledger_index ?? null) : null,
          memos: memosOf(r.tx_json ?? r.tx ?? (r as object)),
        };
      } catch (err) {
        if (isRippledError(err, "txnNotFound")) return { found: false as const };
        throw err;
      }
    });
  }

  async incomingPayments(
    account: string,
    opts: { sinceLedger?: number; marker?: unknown; limit?: number },
  ): Promise<XrplIncomingPage> {
    const deadline = new Deadline(this.budgetMs);
    return this.guard(async () => {
      const client = await this.connected(deadline);
      const res = await deadline.bound(
        client.request({
          command: "account_tx",
          account,
          ledger_index_min: opts.sinceLedger ?? -1,
          ledger_index_max: -1,
          forward: true,
          limit: opts.limit ?? 50,
          ...(opts.marker !== undefined && opts.marker !== null ? { marker: opts.marker } : {}),
        }),
        "account_tx",
      );
      const payments: XrplIncomingPayment[] = [];
      for (const entry of res.result.transactions as unknown as AccountTxEntry[]) {
        const tx = entry.tx_json ?? entry.tx;
        if (!tx || tx.TransactionType !== "Payment" || tx.Destination !== account || entry.validated === false)
          continue;
        const meta = typeof entry.meta === "object" && entry.meta ? entry.meta : null;
        const result = meta?.TransactionResult ?? "unknown";
        const amount = amountOf(
          result === "tesSUCCESS"
            ? (meta?.delivered_amount ?? tx.DeliverMax ?? tx.Amount)
            : (tx.DeliverMax ?? tx.Amount),
        );
        if (!amount) continue;
        payments.push({
          transactionHash: entry.hash ?? String(tx.hash ?? ""),
          from: String(tx.Account),
          to: account,
          currency: amount.currency,
          issuer: amount.issuer,
          value: amount.value,
          memos: memosOf(tx),
          destinationTag: typeof tx.DestinationTag === "number" ? tx.DestinationTag : null,
          ledgerIndex: entry.ledger_index ?? Number(tx.ledger_index ?? 0),
          result,
        });
      }
      return { payments, marker: res.result.marker ?? null, lastLedger: res.result.ledger_index_max };
    });
  }

  async issuedSupply(issuer: string, currency: string): Promise<XrplIssuedSupply> {
    const deadline = new Deadline(this.budgetMs);
    return this.guard(async () => {
      const client = await this.connected(deadline);
      let obligations: Record<string, string>;
      try {
        const gb = await deadline.bound(
          client.request({ command: "gateway_balances", account: issuer, ledger_index: "validated" }),
          "gateway_balances",
        );
        obligations = gb.result.obligations ?? {};
      } catch (err) {
        if (!isRippledError(err, "actNotFound")) throw err;
        return { amount: "0", holders: 0 };
      }
      const amount = Object.entries(obligations).find(([code]) => currencyText(code) === currency)?.[1] ?? "0";
      let holders = 0;
      let marker: unknown = undefined;
      // Every holder's line, a page at a time, within the budget.
      do {
        const page = await deadline.bound(
          client.request({
            command: "account_lines",
            account: issuer,
            ledger_index: "validated",
            limit: 400,
            ...(marker ? { marker } : {}),
          }),
          "account_lines",
        );
        holders += page.result.lines.filter(
          (l) => currencyText(l.currency) === currency && Number(l.balance) !== 0,
        ).length;
        marker = page.result.marker;
      } while (marker);
      const supply = { amount, holders };
      (this.seen.supplies ??= new Map()).set(`${issuer}:${currency}`, supply);
      return supply;
    });
  }

  /** Follows a submitted transaction until validated, expired (past LastLedgerSequence) or the wait ends (pending). */
  private async follow(
    client: Client,
    hash: string,
    lastLedgerSequence: number,
    deadline: Deadline,
  ): Promise<{
    status: "validated" | "expired" | "pending";
    result: string | null;
    ledgerIndex: number | null;
    validatedLedger: number | null;
  }> {
    let validatedLedger = this.seen.validatedLedger;
    while (deadline.remaining() > this.pollIntervalMs) {
      await sleep(this.pollIntervalMs);
      try {
        const tx = await deadline.bound(client.request({ command: "tx", transaction: hash }), "tx lookup");
        if (tx.result.validated) {
          const meta = tx.result.meta;
          const result = typeof meta === "object" && meta ? meta.TransactionResult : null;
          const ledgerIndex = tx.result.ledger_index ?? null;
          if (ledgerIndex !== null) this.seen.validatedLedger = Math.max(this.seen.validatedLedger ?? 0, ledgerIndex);
          return { status: "validated", result, ledgerIndex, validatedLedger: this.seen.validatedLedger };
        }
      } catch {
        // txnNotFound until the node has seen it; a slow lookup is not a failure
      }
      try {
        validatedLedger = await this.validatedLedger(client, deadline);
      } catch {
        continue;
      }
      if (validatedLedger > lastLedgerSequence)
        return { status: "expired", result: null, ledgerIndex: null, validatedLedger };
    }
    return { status: "pending", result: null, ledgerIndex: null, validatedLedger };
  }

  private async readServerState(client: Client, deadline: Deadline): Promise<XrplServerState> {
    const res = await deadline.bound(client.request({ command: "server_info" }), "server_info");
    const info = res.result.info;
    const v = info.validated_ledger;
    if (!v) throw new LedgerBusyError("xrpl", "the XRPL node has no validated ledger yet");
    const state: XrplServerState = {
      validatedLedger: v.seq,
      baseReserveXrp: dropsToXrpText(xrpNumberToDrops(v.reserve_base_xrp)),
      ownerReserveXrp: dropsToXrpText(xrpNumberToDrops(v.reserve_inc_xrp)),
      baseFeeDrops: xrpNumberToDrops(v.base_fee_xrp).toString(),
      networkId: info.network_id ?? null,
    };
    this.seen.serverState = state;
    this.seen.validatedLedger = Math.max(this.seen.validatedLedger ?? 0, v.seq);
    return state;
  }

  private async exists(client: Client, address: string, deadline: Deadline): Promise<boolean> {
    try {
      const info = await deadline.bound(
        client.request({ command: "account_info", account: address, ledger_index: "validated" }),
        "account_info",
      );
      if (address === this.serverAccount)
        this.seen.sequence = Math.max(this.seen.sequence ?? 0, info.result.account_data.Sequence);
      return true;
    } catch (err) {
      if (isRippledError(err, "actNotFound")) return false;
      throw err;
    }
  }

  /** The ledger that validated the transaction, or null when it was not validated within the budget. */
  private async validation(client: Client, hash: string, deadline: Deadline): Promise<number | null> {
    while (deadline.remaining() > this.pollIntervalMs) {
      await sleep(this.pollIntervalMs);
      let tx: TxResponse;
      try {
        tx = await deadline.bound(client.request({ command: "tx", transaction: hash }), "tx lookup");
      } catch {
        continue; // txnNotFound until the node has seen it; a slow lookup is not a reason to simulate
      }
      if (!tx.result.validated) continue;
      const meta = tx.result.meta;
      const result = typeof meta === "object" && meta ? meta.TransactionResult : undefined;
      if (result !== "tesSUCCESS") throw new EngineResultError(result ?? "unknown result");
      return tx.result.ledger_index ?? null;
    }
    return null;
  }

  private async validatedLedger(client: Client, deadline: Deadline): Promise<number> {
    const res = await deadline.bound(client.request({ command: "ledger", ledger_index: "validated" }), "ledger");
    this.seen.validatedLedger = res.result.ledger_index;
    return res.result.ledger_index;
  }

  /** One connection, opened lazily and reopened after a failure; a failed attempt is torn down so it cannot retry in the background. */
  private async connected(deadline: Deadline): Promise<Client> {
    if (this.client?.isConnected()) return this.client;
    this.connecting ??= (async () => {
      await this.close();
      const timeout = Math.max(1, Math.min(deadline.remaining(), this.budgetMs));
      const client = new Client(this.cfg.wsUrl, { connectionTimeout: timeout, timeout });
      try {
        await withTimeout(client.connect(), timeout + 100, "connect");
      } catch (err) {
        await client.disconnect().catch(() => undefined);
        throw err;
      }
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return deadline.bound(this.connecting, "connect");
  }

  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof LedgerRejectedError || err instanceof LedgerUnreachableError || err instanceof LedgerBusyError)
        throw err;
      if (
        err instanceof LedgerTimeoutError ||
        err instanceof ConnectionError ||
        err instanceof NotConnectedError ||
        err instanceof DisconnectedError ||
        err instanceof TimeoutError
      ) {
        throw new LedgerUnreachableError("xrpl", this.cfg.endpoint, { cause: err });
      }
      if (err instanceof RippledError)
        throw new LedgerRejectedError("xrpl", `rippled refused: ${err.message}`, { cause: err });
      throw err;
    }
  }
}

function isRippledError(err: unknown, code: string): boolean {
  return err instanceof RippledError && (err.data as { error?: string } | undefined)?.error === code;
}

/** A blob the relay refuses is the ledger's refusal for a caller that skipped the route's checks. */
function refusedAsRejection<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof BlobRefusal) throw new LedgerRejectedError("xrpl", `${err.field} ${err.reason}`);
    throw err;
  }
}

/** One account_tx / tx entry, API v2 (tx_json, hash, close_time_iso) or v1 (tx). */
interface AccountTxEntry {
  tx_json?: Record<string, unknown> & {
    TransactionType?: string;
    Account?: string;
    Destination?: string;
    DestinationTag?: number;
    Amount?: unknown;
    DeliverMax?: unknown;
    LimitAmount?: unknown;
    hash?: string;
    ledger_index?: number;
  };
  tx?: AccountTxEntry["tx_json"];
  meta?: { TransactionResult?: string; delivered_amount?: unknown } | string;
  hash?: string;
  ledger_index?: number;
  close_time_iso?: string;
  validated?: boolean;
}

function summarize(entry: AccountTxEntry): XrplTransactionSummary {
  const tx = entry.tx_json ?? entry.tx ?? {};
  const meta = typeof entry.meta === "object" && entry.meta ? entry.meta : null;
  const result = meta?.TransactionResult ?? "unknown";
  const type = String(tx.TransactionType ?? "unknown");
  const amount =
    type === "Payment"
      ? amountOf(
          result === "tesSUCCESS"
            ? (meta?.delivered_amount ?? tx.DeliverMax ?? tx.Amount)
            : (tx.DeliverMax ?? tx.Amount),
        )
      : type === "TrustSet"
        ? amountOf(tx.LimitAmount)
        : null;
  return {
    hash: entry.hash ?? String(tx.hash ?? ""),
    type,
    result,
    resultText: describeEngineResult(result),
    ledgerIndex: entry.ledger_index ?? (typeof tx.ledger_index === "number" ? tx.ledger_index : null),
    date: entry.close_time_iso ?? null,
    amount,
    account: String(tx.Account ?? ""),
    destination: typeof tx.Destination === "string" ? tx.Destination : null,
    destinationTag: typeof tx.DestinationTag === "number" ? tx.DestinationTag : null,
  };
}
