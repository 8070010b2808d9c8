// The feature-agnostic EVM client on Hardhat's in-process chain with the whole suite deployed (the
// committed deploy map's addresses): typed reads and writes, decoded reverts, the signer road under
// parallel sends, and the simulated twin signing the same call offline.
import hre from "hardhat";
import {
  custom,
  getAddress,
  http,
  keccak256,
  parseEther,
  parseTransaction,
  recoverTransactionAddress,
  type Address,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import { deploySuite } from "../../../../scripts/lib/deploy-suite";
import { MemoryNonceStore, SignerRoad } from "../signer/signer-road";
import { ContractRevertedError, createEvmLedger } from "./index";

const DEV_KEY_0 = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;
const RECIPIENT: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const transport = custom(hre.network.provider);

function ledger(
  options: { transport?: import("viem").Transport; network?: "hardhat" | "sepolia"; chainId?: number } = {},
) {
  const road = new SignerRoad(new MemoryNonceStore());
  return {
    road,
    ...createEvmLedger({
      network: options.network ?? "hardhat",
      chainId: options.chainId ?? 31337,
      transport: options.transport ?? transport,
      endpoint: "in-process",
      privateKey: DEV_KEY_0,
      explorerBaseUrl: null,
      road,
    }),
  };
}

beforeAll(async () => {
  await deploySuite(hre);
});

describe("EVM chain client, live", () => {
  it("is live only when every contract of the map has code, and reads typed views", async () => {
    const { selector } = ledger();
    await selector.start();
    selector.stop();
    expect(selector.status()).toMatchObject({ mode: "live", reachable: true, reason: null });
    const [xqbOut, xqbusdOut] = await selector
      .run(async (evm) => ({
        q: await evm.read({ contract: "XQBMinter", functionName: "quote", args: [parseEther("1")] }),
      }))
      .then((r) => r.q);
    expect({ xqbOut, xqbusdOut }).toEqual({ xqbOut: parseEther("3000"), xqbusdOut: parseEther("2000") });
  });

  it("writes through the signer road: the hash is keccak256 of the signed bytes, the receipt is read back", async () => {
    const { selector } = ledger();
    await selector.start();
    selector.stop();
    const r = await selector.run((evm, ctx) =>
      evm.write({ contract: "XQBMinter", functionName: "mint", args: [RECIPIENT], value: parseEther("0.01") }, ctx),
    );
    expect(r.source).toBe("live");
    expect(keccak256(r.signedTransaction)).toBe(r.transactionHash);
    expect(r.transactionHash).toBe(r.transactionHash.toLowerCase());
    expect(r.receipt).toMatchObject({ status: "success" });
    expect(r.chainInstance).toMatch(/^0x[0-9a-f]{64}$/);
    expect(r.assumptions).toEqual([]);
  });

  it("decodes a revert into the contract's custom error with its arguments, before anything is signed", async () => {
    const { selector, road } = ledger();
    await selector.start();
    selector.stop();
    const err = await selector
      .run((evm, ctx) => evm.write({ contract: "XQBMinter", functionName: "mint", args: [RECIPIENT], value: 1n }, ctx))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContractRevertedError);
    expect(err).toMatchObject({
      contract: "XQBMinter",
      errorName: "BelowMinimumDeposit",
      args: { sent: 1n, minimum: parseEther("0.0001") },
    });
    expect(road.stats.sent).toBe(0);
    expect(selector.status().mode).toBe("live");
  });

  it("100 parallel writes from one account: every one mined with status 1, nonces 0..n without a gap or a collision", async () => {
    const { selector, road } = ledger();
    await selector.start();
    selector.stop();
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        selector.run((evm, ctx) =>
          evm.write(
            { contract: "XQBMinter", functionName: "mint", args: [RECIPIENT], value: parseEther("0.001") },
            ctx,
          ),
        ),
      ),
    );
    expect(results.every((r) => r.source === "live" && r.receipt?.status === "success")).toBe(true);
    const nonces = results.map((r) => r.nonce).sort((a, b) => a - b);
    expect(new Set(nonces).size).toBe(100);
    expect(nonces[99]! - nonces[0]!).toBe(99);
    expect(road.stats.sent).toBe(100);
  });

  it("recovers when another sender used the account's next nonce (a stale count is retried once)", async () => {
    const { selector, road } = ledger();
    await selector.start();
    selector.stop();
    await selector.run((evm, ctx) =>
      evm.write({ contract: "XQBMinter", functionName: "mint", args: [RECIPIENT], value: parseEther("0.001") }, ctx),
    );
    // Another process sends from the same key behind the road's back.
    const [wallet] = await hre.viem.getWalletClients();
    await wallet!.sendTransaction({ to: RECIPIENT, value: 1n });
    const r = await selector.run((evm, ctx) =>
      evm.write({ contract: "XQBMinter", functionName: "mint", args: [RECIPIENT], value: parseEther("0.001") }, ctx),
    );
    expect(r.receipt?.status).toBe("success");
    expect(road.stats.sent).toBe(2);
  });
});

describe("EVM chain client, reads for previews", () => {
  it("dry-runs a wallet's call (return value and gas, nothing sent), reads balances, blocks and past state", async () => {
    const { selector } = ledger();
    await selector.start();
    selector.stop();
    const out = await selector.run(async (evm) => {
      const before = await evm.block();
      const balance = await evm.balance(RECIPIENT);
      const dry = await evm.dryRun(
        { contract: "qETH", functionName: "depositEth", args: [RECIPIENT], value: parseEther("0.01") },
        RECIPIENT,
      );
      const preview = await evm.read({ contract: "qETH", functionName: "previewDeposit", args: [parseEther("0.01")] });
      const rateThen = await evm.read({ contract: "qETH", functionName: "exchangeRate", blockNumber: before.number });
      const tooSmall = await evm
        .dryRun({ contract: "qETH", functionName: "depositEth", args: [RECIPIENT], value: 1n }, RECIPIENT)
        .catch((e: unknown) => e);
      const after = await evm.block();
      return { before, after, balance, dry, preview, rateThen, tooSmall, balanceAfter: await evm.balance(RECIPIENT) };
    });
    expect(out.dry.result).toBe(out.preview);
    expect(out.dry.gas).toBeGreaterThan(21_000n);
    expect(out.balance).toBeGreaterThan(0n);
    expect(out.balanceAfter).toBe(out.balance); // nothing was sent
    expect(out.after.number).toBe(out.before.number);
    expect(out.before.timestamp).toBeGreaterThan(1_600_000_000);
    expect(out.rateThen).toBeGreaterThan(0n);
    expect(out.tooSmall).toBeInstanceOf(ContractRevertedError);
  });
});

describe("EVM chain client, simulated", () => {
  it("signs the same call offline with the server key and says what it assumed; never sends", async () => {
    const { selector } = ledger({
      transport: http("http://127.0.0.1:1", { timeout: 500, retryCount: 0 }),
      network: "sepolia",
      chainId: 11155111,
    });
    await selector.start();
    selector.stop();
    const before = await hre.viem.getPublicClient().then((c) => c.getBlockNumber());
    const r = await selector.run((evm, ctx) =>
      evm.write({ contract: "XQBMinter", functionName: "mint", args: [RECIPIENT], value: parseEther("0.01") }, ctx),
    );
    expect(r).toMatchObject({ source: "simulated", receipt: null, explorerUrl: null, chainInstance: null });
    expect(r.reason).toMatch(/unreachable/);
    expect(keccak256(r.signedTransaction)).toBe(r.transactionHash);
    const tx = parseTransaction(r.signedTransaction);
    expect(tx).toMatchObject({ chainId: 11155111, value: parseEther("0.01") });
    expect(getAddress(tx.to!)).toBe("0xa513E6E4b8f2a923D98304ec87F64353C4D5C853");
    expect(await recoverTransactionAddress({ serializedTransaction: r.signedTransaction as never })).toBe(
      privateKeyToAccount(DEV_KEY_0).address,
    );
    expect(r.assumptions.join(" ")).toMatch(/no address on sepolia/);
    expect(r.assumptions.join(" ")).toMatch(/gas limit/);
    expect(await hre.viem.getPublicClient().then((c) => c.getBlockNumber())).toBe(before);
    // Reads need the chain: the simulated client refuses rather than guess.
    await expect(
      selector.run((evm) =>
        evm.read({ contract: "XQBMinter", functionName: "quote", args: [1n] }).then((q) => ({ q })),
      ),
    ).rejects.toThrow(/unreachable/);
  });

  it("a node without the contracts is reachable but not live, with the reason", async () => {
    const { selector } = ledger({ network: "sepolia", chainId: 11155111 });
    await selector.start();
    selector.stop();
    expect(selector.status()).toMatchObject({ mode: "simulated", reachable: true });
    expect(selector.status().reason).toMatch(/no contracts are deployed on sepolia/);
  });
});
