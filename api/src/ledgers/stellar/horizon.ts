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
  constructor(baseUrl: string, private readonly endpoint: string) {
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

/** "tx_failed: payment_underfunded" style codes from a TransactionResult XDR, for a readable rejection. */
export function resultCodes(resultXdr: unknown): string {
  if (typeof resultXdr !== "string" || !resultXdr) return "unknown result";
  try {
    // SDK 17 unions name their arm in `type`; only txFailed carries operation results.
    const result = xdr.TransactionResult.fromXDR(resultXdr, "base64").result as unknown as XdrResult;
    const tx = snake(result.type);
    if (result.type !== "txFailed" || !result.results) return tx;
    const ops = result.results.map((op) => snake(op.tr?.value?.type ?? op.type));
    return `${tx}: ${ops.join(", ")}`;
  } catch {
    return resultXdr;
  }
}

interface XdrResult {
  type: string;
  results?: { type: string; tr?: { value?: { type: string } } }[];
}

// Horizon writes codes as tx_failed / op_underfunded; the XDR enum names are txFailed / paymentUnderfunded.
function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
