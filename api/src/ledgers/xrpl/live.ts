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
import { LedgerRejectedError, LedgerUnreachableError, type ProbeResult } from "../types";
import { explorerTxUrl, LEDGER_WINDOW, type XrplLedgerClient, type XrplSeen, type XrplSubmitResult, type XrplTransactionRequest } from "./client";
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
}

// Results worth a sentence; anything else is reported with its code (and rippled's own message when it has one).
const READABLE: Record<string, string> = {
  tecUNFUNDED_PAYMENT: "the server wallet does not hold enough XRP for this payment",
  tecNO_DST_INSUF_XRP: "the destination account does not exist and the amount is below the reserve",
  tecNO_DST: "the destination account does not exist",
  tefPAST_SEQ: "the sequence number was already used",
  terPRE_SEQ: "the sequence number is ahead of the account's",
  tefMAX_LEDGER: "the transaction expired before it was validated",
};

/** rippled's engine result for one transaction, as a rejection the signer road can classify. */
export class EngineResultError extends LedgerRejectedError {
  constructor(readonly engineResult: string, message?: string) {
    super("xrpl", `${engineResult}: ${READABLE[engineResult] ?? message ?? "the ledger refused the transaction"}`);
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
    this.signerAccount = {
      key: `xrpl:testnet:${this.serverAccount}`,
      chainInstance: () => this.guard(async () => `xrpl-network:${(await this.connected(new Deadline(this.budgetMs))).networkID ?? "unknown"}`),
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

  async submit(request: XrplTransactionRequest, ctx?: OpContext): Promise<XrplSubmitResult> {
    const deadline = new Deadline(this.budgetMs);
    // The fee does not depend on the sequence: filled outside the account's lock, which then only signs and submits.
    const { client, prepared } = await this.guard(async () => {
      const client = await this.connected(deadline);
      await deadline.bound(this.ensureFunded([this.serverAccount]), "wallet funding");
      // Sequence and LastLedgerSequence are set under the lock; placeholders keep autofill from asking for them.
      const tx = { ...request, Account: this.serverAccount, Sequence: 0, LastLedgerSequence: 0 } as SubmittableTransaction;
      return { client, prepared: await deadline.bound(client.autofill(tx), "autofill") };
    });
    const sent = await this.road.send(
      this.signerAccount,
      async (sequence) => {
        ctx?.signal.throwIfAborted();
        const signed = this.server.sign({ ...prepared, Sequence: sequence, LastLedgerSequence: this.currentLedger - 1 + LEDGER_WINDOW });
        // Each submission gets the whole budget from its turn on, however long it waited for the account's lock.
        const step = new Deadline(this.budgetMs);
        ctx?.submitted();
        const res = await this.guard(() => step.bound(client.request({ command: "submit", tx_blob: signed.tx_blob }), "submit"));
        const code = res.result.engine_result;
        // tes/terQUEUED: on its way. tec: it will be included with that failure (the sequence is used). Others: never included.
        if (code !== "tesSUCCESS" && code !== "terQUEUED" && !code.startsWith("tec")) throw new EngineResultError(code, res.result.engine_result_message);
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
      const info = await deadline.bound(client.request({ command: "account_info", account: this.serverAccount, ledger_index: "current" }), "account_info");
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
    return this.funding.run(address, () => this.fund(address));
  }

  private async fund(address: string): Promise<void> {
    const deadline = new Deadline(this.fundTimeoutMs);
    const client = await this.connected(deadline);
    if (await this.exists(client, address, deadline)) return;
    // The faucet only reads the address of the wallet it is given.
    const wallet = { classicAddress: address, address } as unknown as Wallet;
    await deadline.bound(client.fundWallet(wallet, this.cfg.faucetHost ? { faucetHost: this.cfg.faucetHost } : undefined), "faucet funding");
  }

  private async exists(client: Client, address: string, deadline: Deadline): Promise<boolean> {
    try {
      const info = await deadline.bound(client.request({ command: "account_info", account: address, ledger_index: "validated" }), "account_info");
      if (address === this.serverAccount) this.seen.sequence = Math.max(this.seen.sequence ?? 0, info.result.account_data.Sequence);
      return true;
    } catch (err) {
      if (err instanceof RippledError && (err.data as { error?: string } | undefined)?.error === "actNotFound") return false;
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
      if (err instanceof LedgerRejectedError || err instanceof LedgerUnreachableError) throw err;
      if (
        err instanceof LedgerTimeoutError ||
        err instanceof ConnectionError ||
        err instanceof NotConnectedError ||
        err instanceof DisconnectedError ||
        err instanceof TimeoutError
      ) {
        throw new LedgerUnreachableError("xrpl", this.cfg.endpoint, { cause: err });
      }
      if (err instanceof RippledError) throw new LedgerRejectedError("xrpl", `rippled refused: ${err.message}`, { cause: err });
      throw err;
    }
  }
}
