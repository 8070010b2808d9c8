// The live Stellar client: Horizon over plain fetch, every submission through the signer road.
import { Account, Networks, type Keypair, type Transaction } from "@stellar/stellar-sdk";
import { Deadline, sleep, withTimeout } from "../deadline";
import type { OpContext } from "../selector";
import type { SendOutcome, SignerAccount, SignerRoad } from "../signer/signer-road";
import { LedgerRejectedError, LedgerUnreachableError, type ProbeResult } from "../types";
import {
  envelopeBase64,
  explorerTxUrl,
  hashHex,
  minimumBalanceStroops,
  stroopsToXlm,
  type StellarAccount,
  type StellarAccountDetails,
  type StellarAssetSupply,
  type StellarBalance,
  type StellarBuild,
  type StellarFeeStats,
  type StellarFundResult,
  type StellarLedgerClient,
  type StellarPayment,
  type StellarPaymentsPage,
  type StellarSeen,
  type StellarSubmitOptions,
  type StellarSubmitResult,
  type StellarTransactionLookup,
} from "./client";
import { decodeSignedEnvelope } from "./envelope";
import { describeResultCodes, HorizonHttp, resultCodes, toStroops } from "./horizon";
import { OncePerKey } from "../once-per-key";

export interface StellarLiveConfig {
  horizonUrl: string;
  friendbotUrl: string;
  endpoint: string;
  /** Budget of each network step of a submit; below the selector's 2.5 s so a slow ledger close is not mistaken for a dead Horizon. */
  budgetMs?: number;
  /** Friendbot takes seconds; funding runs in the background after a successful probe. */
  fundTimeoutMs?: number;
  pollIntervalMs?: number;
}

/**
 * A submission that failed on the network, with what the signer road should make of it: a connection
 * refused (or only "try again later" answers) never reached Stellar Core; anything else may have.
 */
class SubmitNetworkError extends LedgerUnreachableError {
  constructor(
    endpoint: string,
    readonly outcome: "not-sent" | "unknown",
    options?: { cause?: unknown },
  ) {
    super("stellar", endpoint, options);
  }
}

const REFUSED_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** The connection was never opened: nothing was sent. */
function connectionRefused(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && REFUSED_CODES.has(code)) return true;
  }
  return false;
}

/** The signer road's view of a failed submission. */
export function classifyStellarSend(err: unknown): Exclude<SendOutcome, "accepted"> {
  if (err instanceof LedgerRejectedError) return /\btx_bad_seq\b/.test(err.message) ? "stale-nonce" : "not-sent";
  if (err instanceof SubmitNetworkError) return err.outcome;
  if (err instanceof LedgerUnreachableError) return "unknown";
  return "not-sent"; // thrown before the POST (build, signing, an aborted op)
}

// A sequence number is an int64 (the creating ledger in the high 32 bits): far beyond a JS number on a
// long-running network. The signer road counts the low part; the high part is part of the chain instance,
// so an account created again (a testnet reset) starts a new count.
const LOW_BITS = 32n;

export class StellarLiveClient implements StellarLedgerClient {
  readonly network = "testnet" as const;
  readonly networkPassphrase = Networks.TESTNET;
  readonly serverAccount: string;
  private readonly horizon: HorizonHttp;
  private readonly budgetMs: number;
  private readonly fundTimeoutMs: number;
  private readonly pollIntervalMs: number;
  private readonly funding = new OncePerKey<string>();
  private readonly signerAccount: SignerAccount;
  /** The server account as read by chainInstance(), handed to the chainNonce() that follows it in the same send. */
  private fresh: StellarAccount | null = null;
  private high = 0n;

  constructor(
    private readonly cfg: StellarLiveConfig,
    private readonly server: Keypair,
    private readonly road: SignerRoad,
    private readonly seen: StellarSeen,
  ) {
    this.serverAccount = server.publicKey();
    this.horizon = new HorizonHttp(cfg.horizonUrl, cfg.endpoint);
    this.budgetMs = cfg.budgetMs ?? 2200;
    this.fundTimeoutMs = cfg.fundTimeoutMs ?? 15_000;
    this.pollIntervalMs = cfg.pollIntervalMs ?? 400;
    this.signerAccount = {
      key: `stellar:testnet:${this.serverAccount}`,
      chainInstance: async () => {
        const account = (this.fresh = await this.serverRecord());
        this.high = BigInt(account.sequence) >> LOW_BITS;
        return `${this.networkPassphrase}#${this.high}`;
      },
      chainNonce: async () => {
        const account = this.fresh ?? (await this.serverRecord());
        this.fresh = null;
        const sequence = BigInt(account.sequence);
        if (sequence >> LOW_BITS !== this.high)
          throw new LedgerRejectedError("stellar", `${this.serverAccount} was created again during this submission`);
        // The next transaction's sequence, as the low part.
        return Number(sequence - (this.high << LOW_BITS)) + 1;
      },
      classify: classifyStellarSend,
    };
  }

  async probe(signal: AbortSignal): Promise<ProbeResult> {
    const { status, body } = await this.horizon.get("/", signal);
    const latest = Number(body.history_latest_ledger ?? body.core_latest_ledger);
    if (status !== 200 || !Number.isFinite(latest)) throw this.horizon.unreachable(`root answered ${status}`);
    // Friendbot is too slow for a request's 3 s: fund the server account as soon as Horizon is known to answer.
    void this.ensureFunded([this.serverAccount]).catch(() => undefined);
    return { latestBlock: latest };
  }

  async account(id: string, ctx?: OpContext): Promise<StellarAccount | null> {
    const signal = ctx
      ? AbortSignal.any([ctx.signal, AbortSignal.timeout(this.budgetMs)])
      : AbortSignal.timeout(this.budgetMs);
    return this.read(id, signal);
  }

  /** Each account is funded once per process (again after a failure); with `ctx`, waited for within the op's budget. */
  async ensureFunded(publicKeys: readonly string[], ctx?: OpContext): Promise<void> {
    const all = Promise.all(publicKeys.map((id) => this.fundOnce(id)));
    await (ctx ? withTimeout(all, this.budgetMs, "account funding") : all);
  }

  async submit(build: StellarBuild, ctx?: OpContext, opts?: StellarSubmitOptions): Promise<StellarSubmitResult> {
    await this.ensureFunded([this.serverAccount], ctx);
    const sent = await this.road.send(
      this.signerAccount,
      async (low) => {
        ctx?.signal.throwIfAborted();
        const sequence = (this.high << LOW_BITS) + BigInt(low);
        const tx = this.signed(build(new Account(this.serverAccount, (sequence - 1n).toString())), sequence);
        const envelope = envelopeBase64(tx);
        if (opts?.onSigned) {
          const maxTime = Number(tx.timeBounds?.maxTime ?? 0);
          await opts.onSigned({
            transactionHash: hashHex(tx),
            signedTransaction: envelope,
            sequence: sequence.toString(),
            validUntil: new Date(maxTime > 0 ? maxTime * 1000 : 8.64e15),
          });
          ctx?.signal.throwIfAborted();
        }
        // Each submission gets the whole budget from its turn on, however long it waited for the account's lock.
        const deadline = new Deadline(this.budgetMs);
        ctx?.submitted();
        await this.post(envelope, deadline);
        const last = this.seen.get(this.serverAccount);
        this.seen.set(this.serverAccount, {
          id: this.serverAccount,
          balances: last?.balances ?? [],
          sequence: sequence.toString(),
        });
        return { hash: hashHex(tx), envelope, sequence, deadline };
      },
      ctx?.signal,
    );
    return {
      network: "testnet",
      transactionHash: sent.hash,
      signedTransaction: sent.envelope,
      // null: accepted by Horizon but the ledger did not close within the budget (closes take ~5 s).
      ledgerIndex: await this.confirmation(sent.hash, sent.deadline),
      explorerUrl: explorerTxUrl(sent.hash),
      signer: this.serverAccount,
      sequence: sent.sequence.toString(),
      assumptions: [],
    };
  }

  async accountDetails(id: string, ctx?: OpContext): Promise<StellarAccountDetails | null> {
    const signal = this.opSignal(ctx);
    const [found, reserve] = await Promise.all([
      this.horizon.get(`/accounts/${id}`, signal),
      this.baseReserveStroops(signal),
    ]);
    if (found.status === 404) return null;
    const b = found.body;
    if (found.status !== 200 || typeof b.sequence !== "string")
      throw this.horizon.unreachable(`account lookup answered ${found.status}`);
    const counts = {
      subentryCount: Number(b.subentry_count ?? 0),
      numSponsoring: Number(b.num_sponsoring ?? 0),
      numSponsored: Number(b.num_sponsored ?? 0),
    };
    const details = {
      id,
      sequence: b.sequence,
      balances: ((b.balances ?? []) as StellarBalance[]).map(pickBalance),
      ...counts,
      baseReserveXlm: stroopsToXlm(reserve),
      minimumBalanceXlm: stroopsToXlm(minimumBalanceStroops(counts, reserve)),
    };
    this.seen.set(id, { id, sequence: details.sequence, balances: details.balances, details });
    return { ...details, observed: "horizon" };
  }

  async feeStats(ctx?: OpContext): Promise<StellarFeeStats> {
    const { status, body } = await this.horizon.get("/fee_stats", this.opSignal(ctx));
    const fee = body.last_ledger_base_fee;
    if (status !== 200 || !/^\d+$/.test(String(fee ?? "")))
      throw this.horizon.unreachable(`fee_stats answered ${status}`);
    const ledger = Number(body.last_ledger);
    return { lastLedgerBaseFeeStroops: String(fee), lastLedger: Number.isInteger(ledger) ? ledger : null };
  }

  /** Friendbot for a user's account: an existing account is not funded again. */
  async fund(publicKey: string, ctx?: OpContext): Promise<StellarFundResult> {
    if (await this.read(publicKey, this.opSignal(ctx))) return { funded: false, alreadyExisted: true };
    const url = `${this.cfg.friendbotUrl}${this.cfg.friendbotUrl.includes("?") ? "&" : "?"}addr=${encodeURIComponent(publicKey)}`;
    ctx?.signal.throwIfAborted();
    // From here friendbot may create the account: the selector must not replace this with a simulation.
    ctx?.submitted();
    const res = await new HorizonHttp(url, this.cfg.endpoint).get("", AbortSignal.timeout(this.fundTimeoutMs));
    if (res.status === 200) return { funded: true, alreadyExisted: false };
    if (JSON.stringify(res.body).includes("AlreadyExist")) return { funded: false, alreadyExisted: true };
    throw new LedgerRejectedError(
      "stellar",
      `friendbot refused to fund ${publicKey} (${res.status}${typeof res.body.detail === "string" ? `: ${res.body.detail}` : ""})`,
    );
  }

  /**
   * Relays a user's envelope as signed. The source account is read first (a dead Horizon shows here,
   * before anything is sent, so the request can still be simulated) and a wrong sequence is refused in
   * words without spending a submission.
   */
  async submitSigned(envelopeXdr: string, ctx?: OpContext): Promise<StellarSubmitResult> {
    const env = decodeSignedEnvelope(envelopeXdr, this.networkPassphrase);
    const deadline = new Deadline(this.budgetMs);
    const source = await this.read(
      env.source,
      ctx ? AbortSignal.any([ctx.signal, deadline.signal()]) : deadline.signal(),
    );
    if (!source)
      throw new LedgerRejectedError(
        "stellar",
        `the source account ${env.source} does not exist on the ledger (fund it with friendbot first)`,
      );
    const next = (BigInt(source.sequence) + 1n).toString();
    if (env.sequence !== next) {
      throw new LedgerRejectedError(
        "stellar",
        `tx_bad_seq: the envelope's sequence ${env.sequence} is not the account's next (${next}); build it again on the current sequence`,
      );
    }
    ctx?.signal.throwIfAborted();
    ctx?.submitted();
    await this.post(envelopeXdr, deadline);
    return {
      network: "testnet",
      transactionHash: env.hash,
      signedTransaction: envelopeXdr,
      ledgerIndex: await this.confirmation(env.hash, deadline),
      explorerUrl: explorerTxUrl(env.hash),
      signer: env.source,
      sequence: env.sequence,
      assumptions: [],
    };
  }

  async transaction(hash: string, ctx?: OpContext): Promise<StellarTransactionLookup> {
    const { status, body } = await this.horizon.get(`/transactions/${encodeURIComponent(hash)}`, this.opSignal(ctx));
    if (status === 404) return { found: false };
    if (status !== 200) throw this.horizon.unreachable(`transaction lookup answered ${status}`);
    const successful = body.successful === true;
    return {
      found: true,
      successful,
      ledger: Number(body.ledger),
      memoType: typeof body.memo_type === "string" ? body.memo_type : "none",
      memo: typeof body.memo === "string" ? body.memo : null,
      resultCodes: successful ? null : resultCodes(body.result_xdr),
      envelopeXdr: String(body.envelope_xdr ?? ""),
    };
  }

  async incomingPayments(
    account: string,
    page: { cursor?: string; limit?: number },
    ctx?: OpContext,
  ): Promise<StellarPaymentsPage> {
    const q = new URLSearchParams({
      order: "asc",
      limit: String(Math.min(Math.max(page.limit ?? 50, 1), 200)),
      join: "transactions",
    });
    if (page.cursor) q.set("cursor", page.cursor);
    const { status, body } = await this.horizon.get(`/accounts/${account}/payments?${q}`, this.opSignal(ctx));
    if (status === 404) return { payments: [], cursor: page.cursor ?? null };
    if (status !== 200) throw this.horizon.unreachable(`payments lookup answered ${status}`);
    const records = ((body._embedded as { records?: unknown[] } | undefined)?.records ?? []) as Record<
      string,
      unknown
    >[];
    const payments: StellarPayment[] = [];
    for (const r of records) {
      if (!PAYMENT_TYPES.has(String(r.type)) || r.to !== account) continue;
      const tx = (r.transaction ?? {}) as Record<string, unknown>;
      payments.push({
        pagingToken: String(r.paging_token),
        transactionHash: String(r.transaction_hash),
        from: String(r.from),
        to: String(r.to),
        assetCode: r.asset_type === "native" ? null : String(r.asset_code),
        assetIssuer: r.asset_type === "native" ? null : String(r.asset_issuer),
        amount: String(r.amount),
        memoType: typeof tx.memo_type === "string" ? tx.memo_type : "none",
        memo: typeof tx.memo === "string" ? tx.memo : null,
        ledger: Number(tx.ledger ?? 0),
        successful: r.transaction_successful !== false,
      });
    }
    const last = records.at(-1);
    return { payments, cursor: last ? String(last.paging_token) : (page.cursor ?? null) };
  }

  async assetSupply(code: string, issuer: string, ctx?: OpContext): Promise<StellarAssetSupply> {
    const q = new URLSearchParams({ asset_code: code, asset_issuer: issuer, limit: "1" });
    const { status, body } = await this.horizon.get(`/assets?${q}`, this.opSignal(ctx));
    if (status !== 200) throw this.horizon.unreachable(`assets lookup answered ${status}`);
    const record = (
      ((body._embedded as { records?: unknown[] } | undefined)?.records ?? []) as Record<string, unknown>[]
    )[0];
    if (!record) return { amount: "0", holders: 0 };
    const balances = (record.balances ?? {}) as Record<string, string>;
    const accounts = (record.accounts ?? {}) as Record<string, number>;
    const parts = [
      balances.authorized,
      balances.authorized_to_maintain_liabilities,
      balances.unauthorized,
      record.claimable_balances_amount,
      record.liquidity_pools_amount,
      record.contracts_amount,
    ];
    const stroops = parts.reduce<bigint>((sum, v) => sum + (typeof v === "string" ? toStroops(v) : 0n), 0n);
    const holders =
      Number(accounts.authorized ?? 0) +
      Number(accounts.authorized_to_maintain_liabilities ?? 0) +
      Number(accounts.unauthorized ?? 0);
    return { amount: stroopsToXlm(stroops), holders };
  }

  /** The latest ledger's base reserve, in stroops (never a constant: the network votes it). */
  private async baseReserveStroops(signal: AbortSignal): Promise<bigint> {
    const { status, body } = await this.horizon.get("/ledgers?order=desc&limit=1", signal);
    const record = ((body._embedded as { records?: Record<string, unknown>[] } | undefined)?.records ?? [])[0];
    const reserve = record?.base_reserve_in_stroops;
    if (status !== 200 || reserve === undefined) throw this.horizon.unreachable(`ledgers lookup answered ${status}`);
    return BigInt(reserve as number);
  }

  private opSignal(ctx?: OpContext): AbortSignal {
    return ctx ? AbortSignal.any([ctx.signal, AbortSignal.timeout(this.budgetMs)]) : AbortSignal.timeout(this.budgetMs);
  }

  /** The caller's transaction, checked against what it was given and signed by the server account. */
  private signed(tx: Transaction, sequence: bigint): Transaction {
    if (
      tx.source !== this.serverAccount ||
      tx.sequence !== sequence.toString() ||
      tx.networkPassphrase !== this.networkPassphrase
    ) {
      throw new Error(
        `the transaction must be built on the given source account (${this.serverAccount}, sequence ${sequence}) for ${this.networkPassphrase}`,
      );
    }
    tx.sign(this.server);
    return tx;
  }

  /**
   * The async endpoint answers at once instead of holding the request until the ledger closes. Busy answers
   * (503 TRY_AGAIN_LATER, 504) mean "not decided": resubmit the same envelope while the budget lasts.
   */
  private async post(envelope: string, deadline: Deadline): Promise<void> {
    let onlyTryAgain = true;
    for (;;) {
      let answer;
      try {
        answer = await this.horizon.postForm("/transactions_async", { tx: envelope }, deadline.signal());
      } catch (err) {
        const refused = connectionRefused(err) && onlyTryAgain;
        throw new SubmitNetworkError(this.cfg.endpoint, refused ? "not-sent" : "unknown", { cause: err });
      }
      const { status, body } = answer;
      const txStatus = body.tx_status;
      if (txStatus === "PENDING" || txStatus === "DUPLICATE") return;
      if (txStatus === "ERROR" || (status >= 400 && status < 500)) {
        throw new LedgerRejectedError(
          "stellar",
          `Horizon refused the transaction: ${describeResultCodes(resultCodes(body.error_result_xdr))}`,
        );
      }
      // TRY_AGAIN_LATER: Core did not take it. Any other answer (a gateway's 504) may hide a taken one.
      if (txStatus !== "TRY_AGAIN_LATER") onlyTryAgain = false;
      if (deadline.remaining() < this.pollIntervalMs) {
        throw new SubmitNetworkError(this.cfg.endpoint, onlyTryAgain ? "not-sent" : "unknown", {
          cause: `submission answered ${status}`,
        });
      }
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
        throw new LedgerRejectedError(
          "stellar",
          `transaction ${hash} failed: ${describeResultCodes(resultCodes(found.body.result_xdr))}`,
        );
      }
      return Number(found.body.ledger);
    }
    return null;
  }

  private async serverRecord(): Promise<StellarAccount> {
    const account = await this.read(this.serverAccount, AbortSignal.timeout(this.budgetMs));
    if (!account) throw new LedgerRejectedError("stellar", `the server account ${this.serverAccount} does not exist`);
    return account;
  }

  private async read(id: string, signal: AbortSignal): Promise<StellarAccount | null> {
    const { status, body } = await this.horizon.get(`/accounts/${id}`, signal);
    if (status === 404) return null;
    if (status !== 200 || typeof body.sequence !== "string")
      throw this.horizon.unreachable(`account lookup answered ${status}`);
    const account = {
      id,
      sequence: body.sequence,
      balances: ((body.balances ?? []) as StellarBalance[]).map(pickBalance),
    };
    this.seen.set(id, { ...this.seen.get(id), ...account });
    return { ...account, observed: "horizon" };
  }

  private fundOnce(id: string): Promise<void> {
    return this.funding.run(id, () => this.fundServer(id));
  }

  private async fundServer(id: string): Promise<void> {
    if (await this.read(id, AbortSignal.timeout(this.fundTimeoutMs))) return;
    const url = `${this.cfg.friendbotUrl}${this.cfg.friendbotUrl.includes("?") ? "&" : "?"}addr=${encodeURIComponent(id)}`;
    const res = await new HorizonHttp(url, this.cfg.endpoint).get("", AbortSignal.timeout(this.fundTimeoutMs));
    // 400 with createAccountAlreadyExist: someone funded it meanwhile
    if (res.status !== 200 && !JSON.stringify(res.body).includes("AlreadyExist")) {
      throw new LedgerRejectedError("stellar", `friendbot refused to fund ${id} (${res.status})`);
    }
  }
}

const PAYMENT_TYPES = new Set(["payment", "path_payment_strict_receive", "path_payment_strict_send"]);

/** The balance fields the client promises, nothing more from Horizon's record. */
function pickBalance(b: StellarBalance): StellarBalance {
  return {
    asset_type: b.asset_type,
    ...(b.asset_code !== undefined ? { asset_code: b.asset_code } : {}),
    ...(b.asset_issuer !== undefined ? { asset_issuer: b.asset_issuer } : {}),
    ...(b.balance !== undefined ? { balance: b.balance } : {}),
    ...(b.limit !== undefined ? { limit: b.limit } : {}),
  };
}
