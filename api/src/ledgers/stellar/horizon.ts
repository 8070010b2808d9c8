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

/** "tx_failed: op_underfunded" style codes from a TransactionResult XDR, for a readable rejection. */
export function resultCodes(resultXdr: unknown): string {
  if (typeof resultXdr !== "string" || !resultXdr) return "unknown result";
  try {
    // Typed as a union of arms; only txFailed (checked below) carries operation results.
    const result = (xdr.TransactionResult.fromXDR(resultXdr, "base64") as unknown as { result(): XdrResult }).result();
    const tx = snake(result.switch().name);
    if (result.switch().name !== "txFailed") return tx;
    const ops = result.results().map((op) => {
      if (op.switch().name !== "opInner") return snake(op.switch().name);
      return snake(op.tr().value().switch().name);
    });
    return `${tx}: ${ops.join(", ")}`;
  } catch {
    return resultXdr;
  }
}

interface XdrUnion {
  switch(): { name: string };
}
interface XdrResult extends XdrUnion {
  results(): (XdrUnion & { tr(): { value(): XdrUnion } })[];
}

// Horizon writes codes as tx_failed / op_underfunded; the XDR enum names are txFailed / paymentUnderfunded.
function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
