import {
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  HttpRequestError,
  InsufficientFundsError,
  parseEther,
  RpcRequestError,
  UserRejectedRequestError,
  type Abi,
} from "viem";
import {
  LendingPoolAbi,
  LeverageRouterAbi,
  LiquidityBufferUnwinderAbi,
  LiquidStakingPoolAbi,
  XQBMinterAbi,
} from "../../../contracts/generated/abis";
import { json, stubFetch } from "../testing/fake-api";
import { ApiRequestError, apiRequest } from "./api-client";
import { deployments } from "./contracts";
import { describeTxError } from "./tx-errors";

/** What MetaMask hands a dapp for a reverted eth_estimateGas: the revert data two levels down. */
const walletRevert = (data: `0x${string}`) =>
  new RpcRequestError({
    body: { method: "eth_estimateGas" },
    url: "http://127.0.0.1:8545",
    error: {
      code: -32603,
      message: "Internal JSON-RPC error.",
      data: { code: 3, message: "execution reverted", data },
    },
  });

/** What viem's writeContract throws when it decoded the revert with the ABI it was given. */
const viemRevert = (abi: Abi, data: `0x${string}`, functionName: string) =>
  new ContractFunctionExecutionError(
    new ContractFunctionRevertedError({ abi, data, functionName }) as unknown as BaseError,
    {
      abi,
      functionName,
      args: ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"],
    },
  );

const qETH = deployments[31337].qETH.address;

describe("describeTxError: contract reverts, decoded against the generated ABIs", () => {
  it("reads a staking pool's minimum in words, naming the pool", () => {
    const data = encodeErrorResult({
      abi: LiquidStakingPoolAbi,
      errorName: "BelowMinimumDeposit",
      args: [parseEther("0.0005"), parseEther("0.001")],
    });
    const view = describeTxError(walletRevert(data), { contract: "qETH" });
    expect(view).toMatchObject({ kind: "revert", errorName: "BelowMinimumDeposit", retryable: false });
    expect(view.message).toBe("Minimum for qETH is 0.001 ETH (you sent 0.0005 ETH)");
    expect(view.message).not.toMatch(/0x/);
  });

  it("reads the minter's minimum when viem already decoded it", () => {
    const data = encodeErrorResult({
      abi: XQBMinterAbi,
      errorName: "BelowMinimumDeposit",
      args: [1n, parseEther("0.0001")],
    });
    const view = describeTxError(viemRevert(XQBMinterAbi as Abi, data, "mint"), { contract: "XQBMinter" });
    expect(view.message).toBe("Minimum for an XQB mint is 0.0001 ETH (you sent 0.000000000000000001 ETH)");
  });

  it("uses each contract's own argument order (InsufficientShares differs between pool and lending pool)", () => {
    const pool = encodeErrorResult({
      abi: LiquidStakingPoolAbi,
      errorName: "InsufficientShares",
      args: [parseEther("2"), parseEther("1")],
    });
    expect(describeTxError(walletRevert(pool), { contract: "xqbETH" }).message).toBe(
      "You asked for 2 xqbETH but hold 1",
    );
    const lending = encodeErrorResult({
      abi: LendingPoolAbi,
      errorName: "InsufficientShares",
      args: [parseEther("1"), parseEther("3")],
    });
    expect(describeTxError(walletRevert(lending), { contract: "LendingPool" }).message).toBe(
      "You hold 1 pool shares; this needs 3",
    );
  });

  it("decodes without a contract name by the selector, and names addresses from the deploy map", () => {
    const data = encodeErrorResult({
      abi: LeverageRouterAbi,
      errorName: "NoPosition",
      args: ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8", qETH],
    });
    expect(describeTxError(walletRevert(data)).message).toBe("There is no open position in qETH");
    const lev = encodeErrorResult({
      abi: LeverageRouterAbi,
      errorName: "LeverageOutOfRange",
      args: [60_000n, 11_000n, 50_000n],
    });
    expect(describeTxError(walletRevert(lev), { contract: "LeverageRouter" }).message).toBe(
      "Leverage 6x is outside 1.1x – 5x",
    );
  });

  it("says what the lending pool, the buffer and the router need", () => {
    const borrow = encodeErrorResult({
      abi: LendingPoolAbi,
      errorName: "BorrowLimitExceeded",
      args: ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8", parseEther("2.5"), parseEther("2")],
    });
    expect(describeTxError(walletRevert(borrow), { contract: "LendingPool" }).message).toBe(
      "The debt would be 2.5 ETH, above your borrow limit of 2 ETH",
    );
    const buffer = encodeErrorResult({
      abi: LiquidityBufferUnwinderAbi,
      errorName: "InsufficientBufferLiquidity",
      args: [parseEther("1"), parseEther("4")],
    });
    expect(describeTxError(walletRevert(buffer), { contract: "LiquidityBufferUnwinder" })).toMatchObject({
      message: "The instant-exit buffer holds 1 ETH; this needs 4 ETH. Try a smaller amount or later",
      retryable: true,
    });
    const delegate = encodeErrorResult({
      abi: LeverageRouterAbi,
      errorName: "RouterNotDelegate",
      args: ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"],
    });
    expect(describeTxError(walletRevert(delegate), { contract: "LeverageRouter" }).title).toBe("Router not allowed");
    const notReady = encodeErrorResult({
      abi: LiquidStakingPoolAbi,
      errorName: "WithdrawalNotReady",
      args: [7n, 2n * 86_400n + 3n * 3600n],
    });
    expect(describeTxError(walletRevert(notReady), { contract: "qETH" }).message).toBe(
      "Withdrawal request #7 can be claimed in 2 d 3 h",
    );
  });

  it("has words for every custom error the five contracts declare", () => {
    for (const abi of [
      LiquidStakingPoolAbi,
      LendingPoolAbi,
      LeverageRouterAbi,
      LiquidityBufferUnwinderAbi,
      XQBMinterAbi,
    ] as unknown as Abi[]) {
      for (const item of abi) {
        if (item.type !== "error") continue;
        const args = item.inputs.map((i) =>
          i.type === "address" ? qETH : i.type === "bytes32" ? `0x${"00".repeat(32)}` : 1n,
        );
        const data = encodeErrorResult({ abi, errorName: item.name, args } as Parameters<typeof encodeErrorResult>[0]);
        const view = describeTxError(walletRevert(data));
        expect(view.kind, item.name).toBe("revert");
        expect(view.title, item.name).not.toBe("The contract refused");
      }
    }
  });

  it("reads Error(string) reverts as their reason", () => {
    const data = encodeErrorResult({
      abi: [{ type: "error", name: "Error", inputs: [{ name: "message", type: "string" }] }],
      errorName: "Error",
      args: ["nope"],
    });
    expect(describeTxError(walletRevert(data)).message).toBe("nope");
  });
});

describe("describeTxError: the wallet and the node", () => {
  it("a rejected signature reads as rejected, not as a failure of the user's input", () => {
    const view = describeTxError(new UserRejectedRequestError(new Error("User denied transaction signature.")));
    expect(view).toMatchObject({ kind: "rejected", title: "Rejected in your wallet", retryable: true });
    expect(describeTxError({ code: 4001, message: "User rejected the request." }).kind).toBe("rejected");
  });

  it("an unreachable node is the node's fault", () => {
    const view = describeTxError(new HttpRequestError({ url: "http://127.0.0.1:8545", details: "fetch failed" }));
    expect(view.kind).toBe("node-unreachable");
    expect(view.message).toMatch(/Nothing is wrong with your input/);
  });

  it("insufficient funds for the amount plus gas", () => {
    expect(describeTxError(new InsufficientFundsError()).kind).toBe("insufficient-funds");
  });
});

describe("describeTxError: the API's error codes", () => {
  const apiError = (status: number, body: unknown, retryAfter?: string) =>
    new ApiRequestError(status, "x", JSON.stringify(body), retryAfter);

  it("INVALID_INPUT says it is the user's input and keeps the field issues", () => {
    const view = describeTxError(
      apiError(400, {
        code: "INVALID_INPUT",
        error: "Invalid request body",
        issues: [{ path: "ethAmount", message: "must be at least 0.0001 ETH" }],
      }),
    );
    expect(view).toMatchObject({ kind: "invalid-input", title: "Check your input", retryable: false });
    expect(view.message).toBe("Your input was refused: ethAmount must be at least 0.0001 ETH");
    expect(view.issues).toEqual([{ path: "ethAmount", message: "must be at least 0.0001 ETH" }]);
  });

  it("RATE_LIMITED gives the wait, from the body or the Retry-After header", () => {
    expect(
      describeTxError(apiError(429, { code: "RATE_LIMITED", error: "Too many", retryAfterSeconds: 12 })).message,
    ).toBe("Too many requests, try again in 12 s");
    expect(describeTxError(apiError(429, { code: "RATE_LIMITED", error: "Too many" }, "30"))).toMatchObject({
      kind: "rate-limited",
      message: "Too many requests, try again in 30 s",
      retryAfterSeconds: 30,
    });
  });

  it("LEDGER_UNAVAILABLE and LEDGER_BUSY are the chain's fault, never the user's", () => {
    const down = describeTxError(
      apiError(503, { code: "LEDGER_UNAVAILABLE", error: "Ethereum node unreachable", ledger: "ethereum" }),
    );
    expect(down).toMatchObject({ kind: "unavailable", title: "The chain is unavailable", retryable: true });
    expect(down.message).toBe(
      "Ethereum node unreachable. This is not your input: the Ethereum node cannot be reached now; try again later.",
    );
    expect(
      describeTxError(apiError(503, { code: "LEDGER_BUSY", error: "Busy", retryAfterSeconds: 2 })).message,
    ).toMatch(/not your input: try again in 2 s/);
  });

  it("INTERNAL is our fault and gives the request id", () => {
    const view = describeTxError(
      apiError(500, { code: "INTERNAL", error: "Internal server error", requestId: "req-9" }),
    );
    expect(view).toMatchObject({ kind: "server", title: "Something went wrong on our side" });
    expect(view.message).toMatch(/our fault, not your input\. Request id req-9/);
  });

  it("an API that does not answer at all reads 'The API is not reachable', not 'check your inputs'", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const error = await apiRequest("/api/x", {}).catch((e: unknown) => e);
    const view = describeTxError(error);
    expect(view).toMatchObject({ kind: "api-unreachable", title: "The API is not reachable", retryable: true });
    expect(view.message).not.toMatch(/check your input/i);
  });

  it("a proxy's 502 without the API's body is the API being down", async () => {
    stubFetch({ "POST /api/x": () => new Response("<html>", { status: 502, statusText: "Bad Gateway" }) });
    const error = await apiRequest("/api/x", { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(describeTxError(error).kind).toBe("api-unreachable");
  });

  it("reads a real API body through apiRequest", async () => {
    stubFetch({
      "POST /api/x": () => json({ code: "RATE_LIMITED", error: "Too many write requests", retryAfterSeconds: 41 }, 429),
    });
    const error = await apiRequest("/api/x", { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(describeTxError(error).message).toBe("Too many requests, try again in 41 s");
  });
});
