import {
  Client,
  ConnectionError,
  DisconnectedError,
  NotConnectedError,
  RippledError,
  TimeoutError,
  xrpToDrops,
  type Payment,
  type TxResponse,
} from "xrpl";
import { Deadline, LedgerTimeoutError, sleep, withTimeout } from "../deadline";
import {
  LedgerRejectedError,
  LedgerUnreachableError,
  type ProbeResult,
  type XrplClient,
  type XrpVolumeReceipt,
  type XrpVolumeRequest,
} from "../types";
import { LEDGER_WINDOW, type XrplAccountState, type XrplWallets } from "./wallets";

export interface XrplLiveConfig {
  wsUrl: string;
  faucetHost?: string;
  endpoint: string;
  /** Budget of one payment; below the selector's 2.5 s so a ledger still closing is not mistaken for a dead node. */
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
  tefMAX_LEDGER: "the transaction expired before it was validated",
};

export class XrplLiveClient implements XrplClient {
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private funded: Promise<void> | null = null;
  private readonly budgetMs: number;
  private readonly fundTimeoutMs: number;
  private readonly pollIntervalMs: number;

  constructor(
    private readonly cfg: XrplLiveConfig,
    private readonly wallets: XrplWallets,
    private readonly state: XrplAccountState,
  ) {
    this.budgetMs = cfg.budgetMs ?? 2200;
    this.fundTimeoutMs = cfg.fundTimeoutMs ?? 20_000;
    this.pollIntervalMs = cfg.pollIntervalMs ?? 400;
  }

  async probe(): Promise<ProbeResult> {
    const deadline = new Deadline(this.budgetMs);
    const latestBlock = await this.guard(async () => this.validatedLedger(await this.connected(deadline), deadline));
    // The faucet is too slow for a request's 3 s: fund as soon as the node is known to answer.
    void this.ensureFunded().catch(() => undefined);
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

  /** Funds the generated wallets (and a seeded one that does not exist yet) through the faucet; retried on failure. */
  ensureFunded(): Promise<void> {
    this.funded ??= this.fundAll().catch((err) => {
      this.funded = null;
      throw err;
    });
    return this.funded;
  }

  async volumeTest({ xrpAmount }: XrpVolumeRequest): Promise<XrpVolumeReceipt> {
    const deadline = new Deadline(this.budgetMs);
    const { server, destination } = this.wallets;
    const submitted = await this.guard(async () => {
      const client = await this.connected(deadline);
      await deadline.bound(this.ensureFunded(), "wallet funding");
      const validated = await this.validatedLedger(client, deadline);
      const payment: Payment = {
        TransactionType: "Payment",
        Account: server.address,
        Destination: destination.address,
        Amount: xrpToDrops(xrpAmount),
      };
      const prepared = await deadline.bound(client.autofill(payment), "autofill");
      prepared.LastLedgerSequence = validated + LEDGER_WINDOW;
      const signed = server.sign(prepared);
      const res = await deadline.bound(client.request({ command: "submit", tx_blob: signed.tx_blob }), "submit");
      const code = res.result.engine_result;
      // tes/terQUEUED: on its way. tec: it will be included with that failure. tef/tem/tel: never included.
      if (code !== "tesSUCCESS" && code !== "terQUEUED") throw this.rejected(code, res.result.engine_result_message);
      this.state.sequence = (prepared.Sequence ?? 0) + 1;
      return { ...signed, client };
    });
    const ledgerIndex = await this.validation(submitted.client, submitted.hash, deadline);
    return {
      network: "testnet",
      transactionHash: submitted.hash,
      signedTransaction: submitted.tx_blob,
      // null: submitted but not validated within the request's budget (ledgers close every 3-5 s).
      ledgerIndex,
      explorerUrl: `https://testnet.xrpl.org/transactions/${submitted.hash}`,
      signer: server.address,
      processedAmount: xrpAmount,
      destination: destination.address,
    };
  }

  private async fundAll(): Promise<void> {
    const deadline = new Deadline(this.fundTimeoutMs);
    const client = await this.connected(deadline);
    for (const wallet of [this.wallets.server, this.wallets.destination]) {
      if (await this.exists(client, wallet.address, deadline)) continue;
      await deadline.bound(
        client.fundWallet(wallet, this.cfg.faucetHost ? { faucetHost: this.cfg.faucetHost } : undefined),
        "faucet funding",
      );
    }
  }

  private async exists(client: Client, address: string, deadline: Deadline): Promise<boolean> {
    try {
      const info = await deadline.bound(client.request({ command: "account_info", account: address, ledger_index: "validated" }), "account_info");
      if (address === this.wallets.server.address) this.state.sequence = info.result.account_data.Sequence;
      return true;
    } catch (err) {
      if (err instanceof RippledError && (err.data as { error?: string } | undefined)?.error === "actNotFound") return false;
      throw err;
    }
  }

  /** The ledger that validated the payment, or null when it was not validated within the budget. */
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
      if (result !== "tesSUCCESS") throw this.rejected(result ?? "unknown result");
      return tx.result.ledger_index ?? null;
    }
    return null;
  }

  private async validatedLedger(client: Client, deadline: Deadline): Promise<number> {
    const res = await deadline.bound(client.request({ command: "ledger", ledger_index: "validated" }), "ledger");
    this.state.validatedLedger = res.result.ledger_index;
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

  private rejected(code: string, message?: string): LedgerRejectedError {
    const text = READABLE[code] ?? message ?? "the ledger refused the payment";
    return new LedgerRejectedError("xrpl", `${code}: ${text}`);
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
