import {
  BaseError,
  ContractFunctionRevertedError,
  HttpRequestError,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
} from "viem";
import { LedgerTimeoutError } from "../deadline";
import { LedgerRejectedError, LedgerUnreachableError } from "../types";

/** Maps a viem failure to the ledger errors: network trouble -> unreachable, anything the node said -> rejected. */
export function toLedgerError(err: unknown, endpoint: string): unknown {
  if (err instanceof LedgerRejectedError || err instanceof LedgerUnreachableError) return err;
  if (err instanceof LedgerTimeoutError) return new LedgerUnreachableError("ethereum", endpoint, { cause: err });
  if (!(err instanceof BaseError)) {
    // fetch and socket failures that viem did not wrap
    if (err instanceof TypeError && /fetch failed/i.test(err.message)) return new LedgerUnreachableError("ethereum", endpoint, { cause: err });
    return err;
  }
  const network = err.walk(
    (e) => e instanceof HttpRequestError || e instanceof TimeoutError || e instanceof WebSocketRequestError || e instanceof SocketClosedError,
  );
  if (network) return new LedgerUnreachableError("ethereum", endpoint, { cause: err });
  const revert = err.walk((e) => e instanceof ContractFunctionRevertedError);
  if (revert instanceof ContractFunctionRevertedError) {
    const name = revert.data?.errorName;
    const abiItem = revert.data?.abiItem;
    const inputs = abiItem && "inputs" in abiItem ? abiItem.inputs : [];
    const args = (revert.data?.args ?? []).map((v, i) => (inputs[i]?.name ? `${inputs[i].name}=${v}` : String(v))).join(", ");
    const detail = name ? `${name}(${args})` : revert.reason ?? "unknown reason";
    return new LedgerRejectedError("ethereum", `XQBMinter reverted: ${detail}`, { cause: err });
  }
  return new LedgerRejectedError("ethereum", err.shortMessage, { cause: err });
}
