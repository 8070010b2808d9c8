// The pending road on an API that holds none of the Safe's keys (SAFE_DEV_OWNERS=off, as off the local chain):
// each operation is stored as a pending proposal with its safeTxHash and EIP-712 payload; owners sign in their
// own wallets (here: the dev owners' keys, held by the test only) and POST their signatures; the second one
// meets the 2-of-3 threshold and the API signer executes it. Even an operator's dev-key co-signing is refused
// here (no keys: 400 on coSign, nothing stored).
import request from "supertest";
import { parseUnits, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devSafeOwnerKeys } from "../../config";
import { startTestApp, type TestApp } from "../../testing/harness";
import { signedInCookie } from "../../testing/sessions";
import {
  qtAddSignatureResponse,
  qtExecuteResponse,
  qtProposalListResponse,
  qtSafeProposal,
} from "./quantum-treasury-2.schemas";

const [owner1, owner2, owner3] = devSafeOwnerKeys().map((k) => privateKeyToAccount(k));
const outsider = privateKeyToAccount(`0x${"42".repeat(32)}`);
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat", env: { SAFE_DEV_OWNERS: "off" } });
  ({ cookie } = await signedInCookie(t.deps.database.db));
});
afterAll(() => t?.close());

const P = "/api/quantum-treasury-2";
const propose = (body: object) => request(t.app).post(`${P}/execute`).set("cookie", cookie).send(body);
const sign = (hash: string, signature: string) =>
  request(t.app).post(`${P}/proposals/${hash}/signatures`).send({ signature });

describe("without the owners' keys, an operation waits for their signatures", () => {
  let proposal: ReturnType<typeof qtSafeProposal.parse>;

  it("mint_xqb is stored pending with its safeTxHash and EIP-712 payload; nothing moves", async () => {
    const r = qtExecuteResponse.parse((await propose({ operation: "mint_xqb", amount: 1_000_000 }).expect(200)).body);
    expect(r).toMatchObject({ status: "pending", signatures: [], transactionHash: null, after: null });
    proposal = r.proposal!;
    expect(proposal).toMatchObject({ safeTxHash: r.safeTxHash, status: "pending", threshold: 2, label: "mint_xqb" });
    expect(proposal.typedData).toMatchObject({
      primaryType: "SafeTx",
      domain: { chainId: 31337, verifyingContract: proposal.safe },
    });
    const listed = qtProposalListResponse.parse(
      (await request(t.app).get(`${P}/proposals?status=pending`).expect(200)).body,
    );
    expect(listed.proposals.map((p) => p.safeTxHash)).toContain(r.safeTxHash);
    const one = qtSafeProposal.parse((await request(t.app).get(`${P}/proposals/${r.safeTxHash}`).expect(200)).body);
    expect(one.calls[0]).toMatchObject({
      contract: "XQBToken",
      function: "mint(address,uint256)",
      args: { amount: parseUnits("1000000", 18).toString() },
    });
  });

  it("refuses dev-key co-signing where the API holds no keys, even for the operator: 400 on coSign, nothing stored", async () => {
    const before = qtProposalListResponse.parse((await request(t.app).get(`${P}/proposals`).expect(200)).body).proposals
      .length;
    const res = await propose({ operation: "mint_xqb", amount: 1, coSign: "dev-keys" }).expect(400);
    expect(res.body.issues[0].path).toBe("coSign");
    expect(res.body.issues[0].message).toMatch(/^this API holds 0 of the 2 owner keys the Safe needs/);
    expect(
      qtProposalListResponse.parse((await request(t.app).get(`${P}/proposals`).expect(200)).body).proposals.length,
    ).toBe(before);
  });

  it("refuses a signature that recovers to no owner, naming the field", async () => {
    const bad = await outsider.signTypedData(proposal.typedData as never);
    const res = await sign(proposal.safeTxHash, bad).expect(400);
    expect(res.body.issues[0]).toMatchObject({ path: "signature" });
    expect(res.body.issues[0].message).toMatch(/not an owner of the Safe/);
  });

  it("one owner's signature is stored (pending, 1 of 2); the second executes it, supply + exactly the amount", async () => {
    const first = qtAddSignatureResponse.parse(
      (await sign(proposal.safeTxHash, await owner3!.signTypedData(proposal.typedData as never)).expect(200)).body,
    );
    expect(first).toMatchObject({ transactionHash: null, after: null, proposal: { status: "pending" } });
    expect(first.proposal.signatures).toEqual([expect.objectContaining({ owner: owner3!.address, method: "eip712" })]);
    // personal_sign of the safeTxHash works too (stored with v + 4, as the Safe reads eth_sign)
    const second = qtAddSignatureResponse.parse(
      (
        await sign(
          proposal.safeTxHash,
          await owner1!.signMessage({ message: { raw: proposal.safeTxHash as Hex } }),
        ).expect(200)
      ).body,
    );
    expect(second.proposal.status).toBe("executed");
    expect(second.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(second.proposal.signatures.map((s) => s.method).sort()).toEqual(["eip712", "eth_sign"]);
    expect(parseUnits(second.after!.xqbSupply, 18) - parseUnits(second.before!.xqbSupply, 18)).toBe(
      parseUnits("1000000", 18),
    );
    const again = await sign(proposal.safeTxHash, await owner2!.signTypedData(proposal.typedData as never)).expect(409);
    expect(again.body.code).toBe("CONFLICT");
  });

  it("a proposal whose nonce the Safe has passed can no longer execute", async () => {
    const a = qtExecuteResponse.parse((await propose({ operation: "mint_xqb", amount: 1 }).expect(200)).body);
    const b = qtExecuteResponse.parse((await propose({ operation: "mint_xqb", amount: 2 }).expect(200)).body);
    expect(a.nonce).toBe(b.nonce);
    for (const owner of [owner1!, owner2!])
      await sign(b.safeTxHash, await owner.signTypedData(b.proposal!.typedData as never)).expect(200);
    const stale = await sign(a.safeTxHash, await owner1!.signTypedData(a.proposal!.typedData as never)).expect(409);
    expect(stale.body.error).toMatch(/can no longer execute/);
  });

  it("answers 404 for an unknown proposal and 400 for a malformed hash or signature", async () => {
    await sign(`0x${"ab".repeat(32)}`, `0x${"11".repeat(65)}`).expect(404);
    expect((await sign("0x1234", `0x${"11".repeat(65)}`).expect(400)).body.issues[0].path).toBe("safeTxHash");
    expect((await sign(proposal.safeTxHash, "0x12").expect(400)).body.issues[0].path).toBe("signature");
  });
});
