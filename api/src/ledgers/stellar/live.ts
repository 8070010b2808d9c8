import { Deadline, sleep } from "../deadline";
import { LedgerRejectedError, type ProbeResult, type StellarClient, type StellarMintReceipt, type StellarMintRequest } from "../types";
import { HorizonHttp, resultCodes } from "./horizon";
import type { StellarAccountState, StellarKeys } from "./keys";
import { buildMintTransaction, envelopeBase64, hashHex, VIBE_CODE } from "./transaction";

export interface StellarLiveConfig {
  horizonUrl: string;
  friendbotUrl: string;
  endpoint: string;
  /** Budget of one mint; below the selector's 2.5 s so a slow ledger close is not mistaken for a dead Horizon. */
  budgetMs?: number;
  /** Friendbot takes seconds; funding runs in the background after a successful probe. */
  fundTimeoutMs?: number;
  pollIntervalMs?: number;
}

interface AccountRecord {
  sequence: string;
  balances: { asset_code?: string; asset_issuer?: string }[];
}

export class StellarLiveClient implements StellarClient {
  private readonly horizon: HorizonHttp;
  private readonly budgetMs: number;
  private readonly fundTimeoutMs: number;
  private readonly pollIntervalMs: number;
  private funded: Promise<void> | null = null;

  constructor(
    private readonly cfg: StellarLiveConfig,
    private readonly keys: StellarKeys,
    private readonly state: StellarAccountState,
  ) {
    this.horizon = new HorizonHttp(cfg.horizonUrl, cfg.endpoint);
    this.budgetMs = cfg.budgetMs ?? 2200;
    this.fundTimeoutMs = cfg.fundTimeoutMs ?? 15_000;
    this.pollIntervalMs = cfg.pollIntervalMs ?? 400;
  }

  async probe(signal: AbortSignal): Promise<ProbeResult> {
    const { status, body } = await this.horizon.get("/", signal);
    const latest = Number(body.history_latest_ledger ?? body.core_latest_ledger);
    if (status !== 200 || !Number.isFinite(latest)) throw this.horizon.unreachable(`root answered ${status}`);
    // Friendbot is too slow for a request's 3 s: fund the accounts as soon as Horizon is known to answer.
    void this.ensureFunded().catch(() => undefined);
    return { latestBlock: latest };
  }

  /** Creates the issuer and distributor accounts through friendbot when they do not exist yet. Retried on failure. */
  ensureFunded(): Promise<void> {
    this.funded ??= Promise.all([this.fund(this.keys.issuer.publicKey()), this.fund(this.keys.distributor.publicKey())])
      .then(() => undefined)
      .catch((err) => {
        this.funded = null;
        throw err;
      });
    return this.funded;
  }

  async mintVibeCoins(req: StellarMintRequest): Promise<StellarMintReceipt> {
    const deadline = new Deadline(this.budgetMs);
    await deadline.bound(this.ensureFunded(), "account funding");
    const distributor = await this.account(this.keys.distributor.publicKey(), deadline.signal());
    if (!distributor) throw new LedgerRejectedError("stellar", "distributor account does not exist");
    const issuer = this.keys.issuer.publicKey();
    const hasTrustline = distributor.balances.some((b) => b.asset_code === VIBE_CODE && b.asset_issuer === issuer);
    this.state.sequence = distributor.sequence;
    this.state.hasTrustline = hasTrustline;

    const tx = buildMintTransaction(this.keys, distributor.sequence, !hasTrustline, req);
    const hash = hashHex(tx);
    const envelope = envelopeBase64(tx);
    await this.submit(envelope, deadline);
    this.state.sequence = tx.sequence;
    const ledger = await this.confirmation(hash, deadline);
    if (ledger !== null) this.state.hasTrustline = true;
    return {
      network: "testnet",
      transactionHash: hash,
      signedTransaction: envelope,
      // null: accepted by Horizon but the ledger did not close within the request's budget (closes take ~5 s).
      ledgerIndex: ledger,
      explorerUrl: `https://stellar.expert/explorer/testnet/tx/${hash}`,
      signer: this.keys.distributor.publicKey(),
      vibeAmount: req.vibeAmount,
      assetCode: VIBE_CODE,
      assetIssuer: issuer,
    };
  }

  /**
   * The async endpoint answers at once instead of holding the request until the ledger closes. Busy answers
   * (503 TRY_AGAIN_LATER, 504) mean "not decided": resubmit the same envelope while the budget lasts.
   */
  private async submit(envelope: string, deadline: Deadline): Promise<void> {
    for (;;) {
      const { status, body } = await this.horizon.postForm("/transactions_async", { tx: envelope }, deadline.signal());
      const txStatus = body.tx_status;
      if (txStatus === "PENDING" || txStatus === "DUPLICATE") return;
      if (txStatus === "ERROR" || (status >= 400 && status < 500)) {
        throw new LedgerRejectedError("stellar", `Horizon refused the transaction: ${resultCodes(body.error_result_xdr)}`);
      }
      if (deadline.remaining() < this.pollIntervalMs) throw this.horizon.unreachable(`submission answered ${status}`);
      await sleep(this.pollIntervalMs);
    }
  }

  /** The ledger that included the transaction, or null if it did not close within the budget. */
  private async confirmation(hash: string, deadline: Deadline): Promise<number | null> {
    while (deadline.remaining() > this.pollIntervalMs) {
      await sleep(this.pollIntervalMs);
      let found;
      try {
        found = await this.horizon.get(`/transactions/${hash}`, deadline.signal());
      } catch {
        return null; // submitted already: a slow lookup is not a reason to simulate
      }
      if (found.status !== 200) continue;
      if (found.body.successful === false) {
        throw new LedgerRejectedError("stellar", `transaction ${hash} failed: ${resultCodes(found.body.result_xdr)}`);
      }
      return Number(found.body.ledger);
    }
    return null;
  }

  private async account(id: string, signal: AbortSignal): Promise<AccountRecord | null> {
    const { status, body } = await this.horizon.get(`/accounts/${id}`, signal);
    if (status === 404) return null;
    if (status !== 200) throw this.horizon.unreachable(`account lookup answered ${status}`);
    return body as unknown as AccountRecord;
  }

  private async fund(id: string): Promise<void> {
    if (await this.account(id, AbortSignal.timeout(this.fundTimeoutMs))) return;
    const url = `${this.cfg.friendbotUrl}${this.cfg.friendbotUrl.includes("?") ? "&" : "?"}addr=${encodeURIComponent(id)}`;
    const res = await new HorizonHttp(url, this.cfg.endpoint).get("", AbortSignal.timeout(this.fundTimeoutMs));
    // 400 with createAccountAlreadyExist: someone funded it meanwhile
    if (res.status !== 200 && !JSON.stringify(res.body).includes("AlreadyExist")) {
      throw new LedgerRejectedError("stellar", `friendbot refused to fund ${id} (${res.status})`);
    }
  }
}
