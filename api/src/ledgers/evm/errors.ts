// viem failures -> the ledger errors: network trouble is unreachable, a revert is a ContractRevertedError
// with its decoded custom error (so a feature can say which field was wrong), anything else the node said
// is rejected.
import {
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  type Abi,
  type Hex,
  HttpRequestError,
  NonceTooHighError,
  NonceTooLowError,
  RpcRequestError,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
} from "viem";
import { LedgerTimeoutError } from "../deadline";
import { abiOf, contractsOn, type ContractName } from "./contracts";
import type { SendOutcome } from "../signer/signer-road";
import { LedgerRejectedError, LedgerUnreachableError, LiveUnavailableError } from "../types";

/** A call reverted; `errorName` and `args` are the contract's custom error, decoded with the map's ABI. */
export class ContractRevertedError extends LedgerRejectedError {
  constructor(
    readonly contract: string,
    readonly errorName: string | null,
    readonly args: Record<string, unknown>,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super("ethereum", `${contract} reverted: ${detail}`, options);
  }
}

// A JSON-RPC error carried by an HTTP 5xx is the endpoint failing (the chain guard's "chain restarting" 503, a
// provider's 502), not the chain refusing the call: viem keeps it as an RpcRequestError with the status.
const isNetwork = (e: unknown) =>
  e instanceof HttpRequestError ||
  e instanceof TimeoutError ||
  e instanceof WebSocketRequestError ||
  e instanceof SocketClosedError ||
  (e instanceof RpcRequestError && (e.status ?? 0) >= 500);

const abisByName = contractsOn(31337)!;

/** Revert data a provider passed without a JSON-RPC code viem knows (Hardhat's in-process provider). */
function rawRevertData(err: BaseError): Hex | null {
  const found = err.walk(
    (e) => typeof (e as { data?: unknown }).data === "string" && /^0x[0-9a-f]{8}/i.test((e as { data: string }).data),
  );
  return found ? (found as unknown as { data: Hex }).data : null;
}

/**
 * The revert data a failed call carried, wherever viem or the provider put it (viem's RawContractError holds
 * it as `data` or `data.data`; Hardhat's in-process provider as `data`); null when there is none.
 */
export function revertDataOf(err: BaseError): Hex | null {
  const isHex = (v: unknown): v is Hex => typeof v === "string" && /^0x([0-9a-f]{2})*$/i.test(v) && v.length >= 10;
  let found: Hex | null = null;
  err.walk((e) => {
    const d = (e as { data?: unknown }).data;
    const inner = typeof d === "object" && d !== null ? (d as { data?: unknown }).data : undefined;
    if (isHex(d)) found = d;
    else if (isHex(inner)) found = inner;
    return found !== null;
  });
  return found;
}

export function toLedgerError(err: unknown, endpoint: string, contract = "contract"): unknown {
  if (
    err instanceof LedgerRejectedError ||
    err instanceof LedgerUnreachableError ||
    err instanceof LiveUnavailableError
  )
    return err;
  if (err instanceof LedgerTimeoutError) return new LedgerUnreachableError("ethereum", endpoint, { cause: err });
  if (!(err instanceof BaseError)) {
    // fetch and socket failures that viem did not wrap
    if (err instanceof TypeError && /fetch failed/i.test(err.message))
      return new LedgerUnreachableError("ethereum", endpoint, { cause: err });
    return err;
  }
  if (err.walk(isNetwork)) return new LedgerUnreachableError("ethereum", endpoint, { cause: err });
  const revert = err.walk((e) => e instanceof ContractFunctionRevertedError);
  let decoded = revert instanceof ContractFunctionRevertedError ? (revert.data ?? null) : null;
  const raw = decoded ? null : rawRevertData(err);
  if (raw && contract in abisByName) {
    try {
      decoded = decodeErrorResult({ abi: abiOf(contract as ContractName) as Abi, data: raw });
    } catch {
      // not one of this contract's errors: reported as the node's message below
    }
  }
  if (revert instanceof ContractFunctionRevertedError || decoded) {
    const name = decoded?.errorName ?? null;
    const abiItem = decoded?.abiItem;
    const inputs = abiItem && "inputs" in abiItem ? abiItem.inputs : [];
    const args: Record<string, unknown> = {};
    (decoded?.args ?? []).forEach((v, i) => (args[inputs[i]?.name || String(i)] = v));
    const reason = revert instanceof ContractFunctionRevertedError ? revert.reason : undefined;
    const detail = name
      ? `${name}(${Object.entries(args)
          .map(([k, v]) => `${k}=${v}`)
          .join(", ")})`
      : (reason ?? "unknown reason");
    return new ContractRevertedError(contract, name, args, detail, { cause: err });
  }
  return new LedgerRejectedError("ethereum", err.shortMessage, { cause: err });
}

/** The signer road's view of a failed sendRawTransaction. */
export function classifySend(err: unknown): Exclude<SendOutcome, "accepted"> {
  if (err instanceof BaseError) {
    if (err.walk((e) => e instanceof NonceTooLowError || e instanceof NonceTooHighError)) return "stale-nonce";
    if (
      /nonce too low|already known|replacement transaction underpriced|nonce has already been used/i.test(
        err.details ?? err.message,
      )
    )
      return "stale-nonce";
    // The request may have reached the node before the connection failed.
    if (err.walk(isNetwork)) return "unknown";
  }
  if (err instanceof LedgerTimeoutError) return "unknown";
  return "not-sent";
}
