import hre from "hardhat";
import {
  createPublicClient,
  custom,
  getAddress,
  keccak256,
  parseEther,
  parseTransaction,
  recoverTransactionAddress,
  type Address,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import { XQBMinterAbi, XQBTokenAbi } from "../../../../contracts/generated/abis";
import { deployMinting, type MintingDeployment } from "../../../../scripts/lib/deploy-minting";
import { LedgerRejectedError } from "../types";
import { createEvmLedger, EvmSimulatedClient, quoteMint } from "./index";

const DEV_KEY_0 = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;
const RECIPIENT: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

let deployment: MintingDeployment;
const transport = custom(hre.network.provider);
const publicClient = createPublicClient({ transport });

function ledger(minter: Address | null) {
  return createEvmLedger({
    network: "hardhat",
    chainId: 31337,
    transport,
    endpoint: "in-process",
    privateKey: DEV_KEY_0,
    minter,
    explorerBaseUrl: null,
  });
}

beforeAll(async () => {
  deployment = await deployMinting(hre);
});

describe("EVM live against Hardhat's in-process chain", () => {
  it("mints 0.01 ETH: 30 XQB and 20 XQBUSD, with the signed bytes behind the hash", async () => {
    const { selector } = ledger(deployment.XQBMinter.address);
    await selector.start();
    expect(selector.status()).toMatchObject({ mode: "live", reachable: true, reason: null });

    const balance = () =>
      publicClient.readContract({ address: deployment.XQBToken.address, abi: XQBTokenAbi, functionName: "balanceOf", args: [RECIPIENT] });
    const before = await balance();
    const receipt = await selector.run((c) => c.mintXqb({ weiIn: parseEther("0.01"), recipient: RECIPIENT }));
    selector.stop();

    expect(receipt).toMatchObject({ source: "live", reason: null, xqbOut: 30n * 10n ** 18n, xqbusdOut: 20n * 10n ** 18n });
    expect(receipt.explorerUrl).toBeNull();
    expect(typeof receipt.ledgerIndex).toBe("number");
    expect(keccak256(receipt.signedTransaction as `0x${string}`)).toBe(receipt.transactionHash);
    expect((await balance()) - before).toBe(30n * 10n ** 18n);
    const chainReceipt = await hre.network.provider.request({ method: "eth_getTransactionReceipt", params: [receipt.transactionHash] });
    expect((chainReceipt as { status: string }).status).toBe("0x1");
  });

  it("reports a revert with the contract's custom error name", async () => {
    const { selector } = ledger(deployment.XQBMinter.address);
    await selector.start();
    selector.stop();
    const live = selector.requireLive();
    // The live client's own check fires before the node; send a raw value that passes it but the contract refuses.
    await expect(live.mintXqb({ weiIn: 1n, recipient: RECIPIENT })).rejects.toThrow(/BelowMinimumDeposit\(sent=1/);
    await expect(selector.run((c) => c.mintXqb({ weiIn: 1n, recipient: RECIPIENT }))).rejects.toBeInstanceOf(LedgerRejectedError);
    expect(selector.status().mode).toBe("live");
  });

  it("reads back a mint a wallet sent, and refuses a transaction that is not one", async () => {
    const { reader } = ledger(deployment.XQBMinter.address);
    const [, wallet] = await hre.viem.getWalletClients();
    const hash = await wallet!.writeContract({
      address: deployment.XQBMinter.address,
      abi: XQBMinterAbi,
      functionName: "mint",
      args: [RECIPIENT],
      value: parseEther("0.02"),
    });
    const read = await reader.readWalletMint(hash);
    expect(read).toMatchObject({
      transactionHash: hash,
      payer: getAddress(wallet!.account.address),
      signer: getAddress(wallet!.account.address),
      recipient: RECIPIENT,
      weiIn: parseEther("0.02"),
      xqbOut: 60n * 10n ** 18n,
      xqbusdOut: 40n * 10n ** 18n,
    });
    expect(read.ledgerIndex).toBeGreaterThan(0);

    const transfer = await wallet!.sendTransaction({ to: RECIPIENT, value: 1n });
    await expect(reader.readWalletMint(transfer)).rejects.toThrow(/not an XQBMinter mint/);
    await expect(reader.readWalletMint(`0x${"ab".repeat(32)}`)).rejects.toThrow(/not found/);
  });

  it("quoteMint matches the contract's quote", async () => {
    for (const wei of [1n, parseEther("0.0001"), parseEther("0.01"), 123_456_789_012_345n, parseEther("7.5")]) {
      const [xqbOut, xqbusdOut] = await publicClient.readContract({
        address: deployment.XQBMinter.address,
        abi: XQBMinterAbi,
        functionName: "quote",
        args: [wei],
      });
      expect(quoteMint(wei)).toEqual({ xqbOut, xqbusdOut });
    }
  });

  it("without a deployment the selector simulates with a reason and the reader refuses", async () => {
    const { selector, reader } = ledger(null);
    await selector.start();
    selector.stop();
    expect(selector.status()).toMatchObject({ mode: "simulated", reachable: true, reason: "XQBMinter is not deployed on hardhat" });
    const r = await selector.run((c) => c.mintXqb({ weiIn: parseEther("0.01"), recipient: RECIPIENT }));
    expect(r).toMatchObject({ source: "simulated", reason: "XQBMinter is not deployed on hardhat" });
    await expect(reader.readWalletMint(`0x${"ab".repeat(32)}`)).rejects.toBeInstanceOf(LedgerRejectedError);
  });
});

describe("EVM simulated", () => {
  it("signs the mint offline with the server key; the hash is keccak256 of the signed bytes", async () => {
    const sim = new EvmSimulatedClient(
      { network: "sepolia", chainId: 11155111, privateKey: DEV_KEY_0, minter: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0" },
      { next: 7 },
    );
    const r = await sim.mintXqb({ weiIn: parseEther("0.01"), recipient: RECIPIENT });
    expect(r).toMatchObject({ xqbOut: 30n * 10n ** 18n, xqbusdOut: 20n * 10n ** 18n, ledgerIndex: null, explorerUrl: null });
    const signed = r.signedTransaction as `0x${string}`;
    expect(keccak256(signed)).toBe(r.transactionHash);
    const tx = parseTransaction(signed);
    expect(tx).toMatchObject({ chainId: 11155111, nonce: 7, value: parseEther("0.01") });
    expect(getAddress(tx.to!)).toBe("0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0");
    const server = privateKeyToAccount(DEV_KEY_0).address;
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(server);
    expect(r.signer).toBe(server);
    await expect(sim.mintXqb({ weiIn: 0n, recipient: RECIPIENT })).rejects.toThrow(/ZeroAmount/);
  });
});
