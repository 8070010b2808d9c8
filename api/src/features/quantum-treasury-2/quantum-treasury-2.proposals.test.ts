// Who may move the treasury, against the real app with OPERATOR_ADDRESSES set (dev #0 is the operator) and the
// local chain's dev owner keys held (SAFE_DEV_OWNERS=on): a signed-in wallet only proposes (nothing moves until
// two owners sign with their own keys); a non-owner's signature is refused and not stored; the dev keys sign
// only for the operator who asks, each signature labelled as the server's.
import hre from "hardhat";
import request from "supertest";
import { erc20Abi, getAddress, parseUnits, zeroAddress, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devSafeOwnerKeys, HARDHAT_DEV_KEY_0 } from "../../config";
import { startTestApp, type TestApp } from "../../testing/harness";
import { signedInCookie } from "../../testing/sessions";
import {
  qtAddSignatureResponse,
  qtExecuteResponse,
  qtMetricsResponse,
  qtProposalListResponse,
  qtSafeProposal,
  type QtSafeProposal,
} from "./quantum-treasury-2.schemas";

const OPERATOR = privateKeyToAccount(HARDHAT_DEV_KEY_0).address;
const [owner1, owner2] = devSafeOwnerKeys().map((k) => privateKeyToAccount(k));
const outsider = privateKeyToAccount(generatePrivateKey());
const P = "/api/quantum-treasury-2";

let t: TestApp;
let visitor: { address: Address; cookie: string };
let operator: { address: Address; cookie: string };
let xqb: Address;
let usdc: Address;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat", env: { OPERATOR_ADDRESSES: OPERATOR } });
  visitor = await signedInCookie(t.deps.database.db);
  operator = await signedInCookie(t.deps.database.db, OPERATOR);
  const m = qtMetricsResponse.parse((await request(t.app).get(`${P}/metrics`).expect(200)).body);
  xqb = m.contracts.xqb as Address;
  usdc = m.contracts.usdc as Address;
}, 120_000);
afterAll(() => t?.close());

const supplyOf = async (token: Address) =>
  (await hre.viem.getPublicClient()).readContract({ address: token, abi: erc20Abi, functionName: "totalSupply" });
const execute = (cookie: string | null, body: object) => {
  const req = request(t.app).post(`${P}/execute`);
  return (cookie ? req.set("cookie", cookie) : req).send(body);
};
const sign = (hash: string, signature: string) =>
  request(t.app).post(`${P}/proposals/${hash}/signatures`).send({ signature });
const proposals = async () =>
  qtProposalListResponse.parse((await request(t.app).get(`${P}/proposals`).expect(200)).body).proposals;
const getProposal = async (hash: string) =>
  qtSafeProposal.parse((await request(t.app).get(`${P}/proposals/${hash}`).expect(200)).body);
const WALLET_LABEL = "signed by the owner's own wallet";

describe("a signed-in wallet proposes; the owners sign with their own wallets", () => {
  let proposal: QtSafeProposal;
  let supplyBefore: bigint;

  it("a visitor without a session cannot propose (401), and nothing is stored", async () => {
    const res = await execute(null, { operation: "mint_xqb", amount: 1000 }).expect(401);
    expect(res.body.code).toBe("UNAUTHENTICATED");
    expect(await proposals()).toEqual([]);
  });

  it("a non-operator's mint_xqb is a pending proposal with zero signatures and its proposer; no supply changes", async () => {
    supplyBefore = await supplyOf(xqb);
    const metricsBefore = qtMetricsResponse.parse((await request(t.app).get(`${P}/metrics`).expect(200)).body);
    const r = qtExecuteResponse.parse(
      (await execute(visitor.cookie, { operation: "mint_xqb", amount: 1000 }).expect(200)).body,
    );
    expect(r).toMatchObject({ status: "pending", signatures: [], transactionHash: null, after: null, steps: [] });
    proposal = r.proposal;
    expect(proposal).toMatchObject({
      status: "pending",
      proposedBy: visitor.address,
      threshold: 2,
      label: "mint_xqb",
      nonce: metricsBefore.safe.nonce,
      operation: 0,
      value: "0",
      safeTxGas: "0",
      baseGas: "0",
      gasPrice: "0",
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      preSteps: [],
      signatures: [],
    });
    expect(proposal.calls[0]).toMatchObject({
      contract: "XQBToken",
      function: "mint(address,uint256)",
      args: { amount: parseUnits("1000", 18).toString() },
    });
    expect(await supplyOf(xqb)).toBe(supplyBefore);
    const metricsAfter = qtMetricsResponse.parse((await request(t.app).get(`${P}/metrics`).expect(200)).body);
    expect(metricsAfter.safe.nonce).toBe(metricsBefore.safe.nonce);
    expect((await getProposal(proposal.safeTxHash)).proposedBy).toBe(visitor.address);
  });

  it("refuses dev-key co-signing for a non-operator session: 403, nothing stored or sent", async () => {
    const before = (await proposals()).length;
    const res = await execute(visitor.cookie, { operation: "mint_xqb", amount: 5, coSign: "dev-keys" }).expect(403);
    expect(res.body.code).toBe("FORBIDDEN");
    expect(res.body.error).toMatch(/^Only an operator may ask the server to co-sign with the dev owners' keys/);
    expect((await proposals()).length).toBe(before);
    expect(await supplyOf(xqb)).toBe(supplyBefore);
    expect(
      (await execute(visitor.cookie, { operation: "mint_xqb", amount: 5, coSign: "yes" }).expect(400)).body.issues[0]
        .path,
    ).toBe("coSign");
  });

  it("refuses a non-owner's EIP-712 signature (400 on signature) and stores nothing", async () => {
    const res = await sign(proposal.safeTxHash, await outsider.signTypedData(proposal.typedData as never)).expect(400);
    expect(res.body.issues[0]).toMatchObject({ path: "signature" });
    expect(res.body.issues[0].message).toMatch(
      new RegExp(`^the signature recovers to ${outsider.address}.*, not an owner of the Safe`),
    );
    expect((await getProposal(proposal.safeTxHash)).signatures).toEqual([]);
  });

  it("accepts owner #1's EIP-712 signature, labelled as the owner's wallet: 1 of 2, still pending, supply unchanged", async () => {
    const r = qtAddSignatureResponse.parse(
      (await sign(proposal.safeTxHash, await owner1!.signTypedData(proposal.typedData as never)).expect(200)).body,
    );
    expect(r).toMatchObject({ transactionHash: null, after: null, steps: [], proposal: { status: "pending" } });
    expect(r.proposal.signatures).toEqual([
      expect.objectContaining({
        owner: owner1!.address,
        method: "eip712",
        by: "owner-wallet",
        devOwner: null,
        label: WALLET_LABEL,
      }),
    ]);
    expect(await supplyOf(xqb)).toBe(supplyBefore);
  });

  it("owner #2's signature meets the threshold: executed, and XQB supply rises by exactly the amount", async () => {
    const r = qtAddSignatureResponse.parse(
      (await sign(proposal.safeTxHash, await owner2!.signTypedData(proposal.typedData as never)).expect(200)).body,
    );
    expect(r.proposal.status).toBe("executed");
    expect(r.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(r.proposal.signatures.map((s) => [s.owner, s.by])).toEqual([
      [owner1!.address, "owner-wallet"],
      [owner2!.address, "owner-wallet"],
    ]);
    expect((await supplyOf(xqb)) - supplyBefore).toBe(parseUnits("1000", 18));
    const receipt = await (
      await hre.viem.getPublicClient()
    ).getTransactionReceipt({ hash: r.transactionHash as `0x${string}` });
    expect(receipt.status).toBe("success");
    expect(await getProposal(proposal.safeTxHash)).toMatchObject({
      status: "executed",
      transactionHash: r.transactionHash,
    });
  });

  it("deploy_capital waits with its mock-USDC pre-step unsent; the USDC is issued only when the owners' signatures execute it", async () => {
    const usdcBefore = await supplyOf(usdc);
    const r = qtExecuteResponse.parse(
      (await execute(visitor.cookie, { operation: "deploy_capital", amount: 1500 }).expect(200)).body,
    );
    expect(r.status).toBe("pending");
    expect(r.proposal.preSteps).toHaveLength(1);
    expect(r.proposal.preSteps[0]!.call).toMatchObject({ contract: "MockUSDC", function: "mint(address,uint256)" });
    expect(await supplyOf(usdc)).toBe(usdcBefore);
    await sign(r.safeTxHash, await owner2!.signTypedData(r.proposal.typedData as never)).expect(200);
    expect(await supplyOf(usdc)).toBe(usdcBefore);
    const done = qtAddSignatureResponse.parse(
      (await sign(r.safeTxHash, await owner1!.signTypedData(r.proposal.typedData as never)).expect(200)).body,
    );
    expect(done.proposal.status).toBe("executed");
    expect(done.steps).toHaveLength(1);
    expect((await supplyOf(usdc)) - usdcBefore).toBe(parseUnits("1500", 6));
    expect(parseUnits(done.after!.usdcCollateral, 6) - parseUnits(done.before!.usdcCollateral, 6)).toBe(
      parseUnits("1500", 6),
    );
  });
});

describe("the operator's explicit dev-key co-signing (local chain only)", () => {
  it("signs as dev owners #1 and #2, each labelled as the server's, and executes at once", async () => {
    const before = await supplyOf(xqb);
    const r = qtExecuteResponse.parse(
      (await execute(operator.cookie, { operation: "mint_xqb", amount: 250, coSign: "dev-keys" }).expect(200)).body,
    );
    expect(r.status).toBe("executed");
    expect(r.signatures.map((s) => ({ owner: s.owner, by: s.by, devOwner: s.devOwner, label: s.label }))).toEqual([
      {
        owner: owner1!.address,
        by: "server-dev-key",
        devOwner: 1,
        label: "signed by the server with the public dev key of owner #1 (local chain only)",
      },
      {
        owner: owner2!.address,
        by: "server-dev-key",
        devOwner: 2,
        label: "signed by the server with the public dev key of owner #2 (local chain only)",
      },
    ]);
    expect((await supplyOf(xqb)) - before).toBe(parseUnits("250", 18));
    // Stored like every proposal: who proposed it, who signed it, the transaction.
    expect(await getProposal(r.safeTxHash)).toMatchObject({
      status: "executed",
      proposedBy: getAddress(OPERATOR),
      transactionHash: r.transactionHash,
      signatures: r.signatures,
    });
  });

  it("the operator's proposal without coSign waits for the owners like anyone's", async () => {
    const r = qtExecuteResponse.parse(
      (await execute(operator.cookie, { operation: "mint_xqb", amount: 3 }).expect(200)).body,
    );
    expect(r).toMatchObject({ status: "pending", signatures: [] });
  });

  it("the metrics name the dev owner keys the API holds", async () => {
    const m = qtMetricsResponse.parse((await request(t.app).get(`${P}/metrics`).expect(200)).body);
    expect(m.safe.devKeyOwners.map((k) => k.ownerIndex)).toEqual([1, 2, 3]);
    expect(m.safe.devKeyOwners[0]!.address).toBe(owner1!.address);
  });
});
