import { xdr } from "@stellar/stellar-sdk";
import { LedgerUnreachableError } from "../types";

export interface HorizonResponse {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Horizon over plain fetch: every call carries its own AbortSignal (the SDK's Horizon client has no
 * per-request timeout), and a connection failure becomes LedgerUnreachableError.
 */
export class HorizonHttp {
  private readonly base: string;
  constructor(
    baseUrl: string,
    private readonly endpoint: string,
  ) {
    this.base = baseUrl.replace(/\/$/, "");
  }

  get(path: string, signal: AbortSignal): Promise<HorizonResponse> {
    return this.call(`${this.base}${path}`, { signal });
  }

  postForm(path: string, form: Record<string, string>, signal: AbortSignal): Promise<HorizonResponse> {
    return this.call(`${this.base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
      signal,
    });
  }

  unreachable(cause: unknown): LedgerUnreachableError {
    return new LedgerUnreachableError("stellar", this.endpoint, { cause });
  }

  private async call(url: string, init: RequestInit): Promise<HorizonResponse> {
    try {
      const res = await fetch(url, { ...init, headers: { accept: "application/json", ...init.headers } });
      const text = await res.text();
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        // a proxy's HTML error page: the status says enough
      }
      return { status: res.status, body };
    } catch (err) {
      throw this.unreachable(err);
    }
  }
}

/** "tx_failed: op_underfunded" style codes (as Horizon writes them) from a TransactionResult XDR, for a readable rejection. */
export function resultCodes(resultXdr: unknown): string {
  if (typeof resultXdr !== "string" || !resultXdr) return "unknown result";
  try {
    // SDK 17 unions name their arm in `type`; only txFailed carries operation results.
    const result = xdr.TransactionResult.fromXDR(resultXdr, "base64").result as unknown as XdrResult;
    const tx = snake(result.type);
    if (result.type !== "txFailed" || !result.results) return tx;
    const ops = result.results.map((op) => opCode(snake(op.tr?.value?.type ?? op.type)));
    return `${tx}: ${ops.join(", ")}`;
  } catch {
    return resultXdr;
  }
}

interface XdrResult {
  type: string;
  results?: { type: string; tr?: { value?: { type: string } } }[];
}

// Horizon writes codes as tx_failed / op_underfunded; the XDR enum names are txFailed / paymentUnderfunded:
// an operation's code loses its operation-type prefix for "op_" (opBadAuth-style outer codes stay as they are).
const OP_PREFIX =
  /^(create_account|payment|path_payment_strict_receive|path_payment_strict_send|manage_sell_offer|manage_buy_offer|create_passive_sell_offer|set_options|change_trust|allow_trust|account_merge|inflation|manage_data|bump_sequence|create_claimable_balance|claim_claimable_balance|begin_sponsoring_future_reserves|end_sponsoring_future_reserves|revoke_sponsorship|clawback|clawback_claimable_balance|set_trust_line_flags|liquidity_pool_deposit|liquidity_pool_withdraw)_/;
// Where Horizon's word differs from the enum's (CreateAccountAlreadyExist is written op_already_exists).
const OP_RENAMED: Record<string, string> = { op_already_exist: "op_already_exists" };
function opCode(name: string): string {
  const code = OP_PREFIX.test(name) ? name.replace(OP_PREFIX, "op_") : name;
  return OP_RENAMED[code] ?? code;
}

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Decimal text with at most 7 decimals as stroops (Horizon writes amounts as "12.3400000"). */
export function toStroops(amount: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,7}))?$/.exec(amount.trim());
  if (!m) return 0n;
  const v = BigInt(m[2]!) * 10_000_000n + BigInt((m[3] ?? "").padEnd(7, "0") || "0");
  return m[1] ? -v : v;
}

// The refusals a user meets most, in words; the code stays beside them so it can be looked up.
const WORDS: Record<string, string> = {
  tx_bad_seq: "the sequence number is not the account's next (build the transaction again)",
  tx_bad_auth: "the signatures do not authorise the transaction (wrong key or wrong network)",
  tx_insufficient_balance: "the fee would take the account below its minimum balance",
  tx_insufficient_fee: "the fee is below the network's current minimum",
  tx_no_account: "the source account does not exist",
  tx_too_late: "the transaction's time bounds have passed",
  tx_too_early: "the transaction's time bounds have not started yet",
  op_underfunded: "the source account does not hold enough of the asset (above its reserve)",
  op_no_trust: "the destination has no trustline for the asset",
  op_src_no_trust: "the source account has no trustline for the asset",
  op_no_destination: "the destination account does not exist (send at least 1 XLM with create account first)",
  op_line_full: "the destination's trustline limit would be exceeded",
  op_not_authorized: "the issuer has not authorised the trustline",
  op_no_issuer: "the asset's issuer does not exist",
  op_low_reserve: "the account would fall below its minimum balance (reserve) with a new subentry",
  op_invalid_limit: "the trustline limit is below the balance held",
  op_malformed: "the operation is malformed",
  op_already_exists: "the account already exists",
};

/** "tx_failed: op_underfunded" -> "tx_failed: op_underfunded — the source account does not hold enough…". */
export function describeResultCodes(codes: string): string {
  const words = codes
    .split(/[:,]\s*/)
    .map((c) => c.trim())
    .filter((c) => WORDS[c])
    .map((c) => WORDS[c]);
  return words.length ? `${codes} (${words.join("; ")})` : codes;
}
