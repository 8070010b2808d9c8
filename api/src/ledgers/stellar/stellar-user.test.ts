// The Stellar client's user-facing operations against the fake Horizon mini ledger: an account with its
// reserves read from the ledger, friendbot, a user-signed envelope relayed (live payment, a refusal in words,
// a stale sequence refused before sending), lookups of transactions, payments and an asset's supply, and
// the simulated twin (decoded, hashed, never sent).
import { Account, Asset, Keypair, Memo, Networks, Operation, TransactionBuilder } from "@stellar/stellar-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeHorizon, type FakeHorizon } from "../testing/fake-horizon";
import { MemoryNonceStore, SignerRoad } from "../signer/signer-road";
import { LedgerRejectedError, LedgerUnreachableError } from "../types";
import {
  decodeSignedEnvelope,
  EnvelopeError,
  StellarLiveClient,
  StellarSimulatedClient,
  type StellarSeen,
} from "./index";

const server = Keypair.random();
const alice = Keypair.random();
const bob = Keypair.random();
let horizon: FakeHorizon;
let live: StellarLiveClient;
const seen: StellarSeen = new Map();

beforeAll(async () => {
  horizon = await startFakeHorizon();
  live = new StellarLiveClient(
    { horizonUrl: horizon.url, friendbotUrl: horizon.friendbotUrl, endpoint: "fake-horizon", pollIntervalMs: 50 },
    server,
    new SignerRoad(new MemoryNonceStore()),
    seen,
  );
});
afterAll(() => horizon.close());

async function signed(
  kp: Keypair,
  op: ReturnType<typeof Operation.payment>,
  opts: { memo?: Memo; passphrase?: string; seqOffset?: bigint } = {},
) {
  const a = await live.account(kp.publicKey());
  const tx = new TransactionBuilder(
    new Account(kp.publicKey(), (BigInt(a!.sequence) + (opts.seqOffset ?? 0n)).toString()),
    {
      fee: "100",
      networkPassphrase: opts.passphrase ?? Networks.TESTNET,
    },
  )
    .addOperation(op)
    .addMemo(opts.memo ?? Memo.none())
    .setTimeout(60)
    .build();
  tx.sign(kp);
  return tx.toEnvelope().toXDR("base64");
}

describe("Stellar client: user accounts on the fake Horizon", () => {
  it("funds through friendbot once, and reads the account with its reserve from the ledger", async () => {
    expect(await live.accountDetails(alice.publicKey())).toBeNull();
    expect(await live.fund(alice.publicKey())).toEqual({ funded: true, alreadyExisted: false });
    expect(await live.fund(alice.publicKey())).toEqual({ funded: false, alreadyExisted: true });
    await live.fund(bob.publicKey());
    horizon.baseReserveStroops = 5_000_000n;
    const d = await live.accountDetails(alice.publicKey());
    expect(d).toMatchObject({ subentryCount: 0, baseReserveXlm: "0.5", minimumBalanceXlm: "1", observed: "horizon" });
    expect(d!.balances).toEqual([{ asset_type: "native", balance: "10000.0000000" }]);
    // The reserve is the ledger's: a vote that doubles it doubles the minimum balance.
    horizon.baseReserveStroops = 10_000_000n;
    expect((await live.accountDetails(alice.publicKey()))!.minimumBalanceXlm).toBe("2");
    horizon.baseReserveStroops = 5_000_000n;
  });

  it("relays a signed payment live: applied on the ledger, its ledger and explorer link", async () => {
    const envelope = await signed(
      alice,
      Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: "12.5" }),
      { memo: Memo.text("hello") },
    );
    let submitted = 0;
    const r = await live.submitSigned(envelope, { signal: new AbortController().signal, submitted: () => submitted++ });
    expect(submitted).toBe(1);
    expect(r.ledgerIndex).toBe(horizon.transactions.get(r.transactionHash)!.ledger);
    expect(r).toMatchObject({
      signer: alice.publicKey(),
      explorerUrl: `https://stellar.expert/explorer/testnet/tx/${r.transactionHash}`,
      assumptions: [],
    });
    expect(horizon.balanceOf(bob.publicKey(), "native")).toBe("10012.5000000");
    expect(horizon.balanceOf(alice.publicKey(), "native")).toBe("9987.4999900");
    const t = await live.transaction(r.transactionHash);
    expect(t).toMatchObject({
      found: true,
      successful: true,
      memoType: "text",
      memo: "hello",
      resultCodes: null,
      envelopeXdr: envelope,
    });
    expect(await live.transaction("0".repeat(64))).toEqual({ found: false });
    const page = await live.incomingPayments(bob.publicKey(), {});
    expect(page.payments.map((p) => [p.from, p.amount, p.assetCode, p.memo])).toEqual([
      [alice.publicKey(), "12.5000000", null, "hello"],
    ]);
    expect(page.cursor).not.toBeNull();
    expect((await live.incomingPayments(bob.publicKey(), { cursor: page.cursor! })).payments).toEqual([]);
  });

  it("a payment of an asset the destination does not trust is refused in words (op_no_trust); the fee and sequence are spent", async () => {
    const issuer = server.publicKey();
    horizon.createAccount(issuer, 100);
    const before = (await live.account(alice.publicKey()))!.sequence;
    const line = new TransactionBuilder(new Account(alice.publicKey(), before), {
      fee: "100",
      networkPassphrase: Networks.TESTNET,
    })
      .addOperation(Operation.changeTrust({ asset: new Asset("XQB", issuer) }))
      .setTimeout(60)
      .build();
    line.sign(alice);
    await live.submitSigned(line.toEnvelope().toXDR("base64"));
    const d = await live.accountDetails(alice.publicKey());
    expect(d).toMatchObject({ subentryCount: 1, minimumBalanceXlm: "1.5" });
    expect(d!.balances[0]).toMatchObject({
      asset_code: "XQB",
      asset_issuer: issuer,
      balance: "0.0000000",
      limit: "922337203685.4775807",
    });

    const err = await live
      .submitSigned(
        await signed(
          alice,
          Operation.payment({ destination: bob.publicKey(), asset: new Asset("XQB", issuer), amount: "1" }),
        ),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerRejectedError);
    expect((err as Error).message).toMatch(/op_src_no_trust|op_underfunded/);
    const issued = new TransactionBuilder(new Account(issuer, (await live.account(issuer))!.sequence), {
      fee: "100",
      networkPassphrase: Networks.TESTNET,
    })
      .addOperation(Operation.payment({ destination: bob.publicKey(), asset: new Asset("XQB", issuer), amount: "5" }))
      .setTimeout(60)
      .build();
    issued.sign(server);
    const refused = await live.submitSigned(issued.toEnvelope().toXDR("base64")).catch((e: unknown) => e);
    expect((refused as Error).message).toMatch(
      /tx_failed: op_no_trust \(the destination has no trustline for the asset\)/,
    );
  });

  it("an issuer's payment issues, a payment back to it burns, and the supply follows", async () => {
    const issuer = server.publicKey();
    const pay = async (from: Keypair, to: string, amount: string) => {
      const tx = new TransactionBuilder(
        new Account(from.publicKey(), (await live.account(from.publicKey()))!.sequence),
        { fee: "100", networkPassphrase: Networks.TESTNET },
      )
        .addOperation(Operation.payment({ destination: to, asset: new Asset("XQB", issuer), amount }))
        .setTimeout(60)
        .build();
      tx.sign(from);
      return live.submitSigned(tx.toEnvelope().toXDR("base64"));
    };
    await pay(server, alice.publicKey(), "7.25");
    expect(await live.assetSupply("XQB", issuer)).toEqual({ amount: "7.25", holders: 1 });
    await pay(alice, issuer, "2");
    expect(await live.assetSupply("XQB", issuer)).toEqual({ amount: "5.25", holders: 1 });
    expect(await live.assetSupply("NONE", issuer)).toEqual({ amount: "0", holders: 0 });
    const incoming = await live.incomingPayments(issuer, {});
    expect(incoming.payments.map((p) => [p.from, p.amount, p.assetCode])).toEqual([
      [alice.publicKey(), "2.0000000", "XQB"],
    ]);
  });

  it("a forced refusal, a stale sequence and a missing source are refused in words; nothing is applied", async () => {
    horizon.forceResult = "op_underfunded";
    const err = await live
      .submitSigned(
        await signed(alice, Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: "1" })),
      )
      .catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/op_underfunded \(the source account does not hold enough of the asset/);
    const stale = await live
      .submitSigned(
        await signed(alice, Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: "1" }), {
          seqOffset: 5n,
        }),
      )
      .catch((e: unknown) => e);
    expect((stale as Error).message).toMatch(/tx_bad_seq: the envelope's sequence \d+ is not the account's next/);
    const ghost = Keypair.random();
    const tx = new TransactionBuilder(new Account(ghost.publicKey(), "1"), {
      fee: "100",
      networkPassphrase: Networks.TESTNET,
    })
      .addOperation(Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: "1" }))
      .setTimeout(60)
      .build();
    tx.sign(ghost);
    expect(
      ((await live.submitSigned(tx.toEnvelope().toXDR("base64")).catch((e: unknown) => e)) as Error).message,
    ).toMatch(/does not exist on the ledger/);
  });

  it("a hung Horizon: every read is bounded and ends as unreachable", async () => {
    horizon.hang = true;
    const started = Date.now();
    const err = await live.accountDetails(alice.publicKey()).catch((e: unknown) => e);
    horizon.hang = false;
    expect(Date.now() - started).toBeLessThan(3000);
    expect(err).toBeInstanceOf(LedgerUnreachableError);
  });

  it("submit(build, ctx, { onSigned }) awaits onSigned before the envelope leaves", async () => {
    const order: string[] = [];
    await live.ensureFunded([server.publicKey()]);
    const r = await live.submit(
      (source) =>
        new TransactionBuilder(source, { fee: "100", networkPassphrase: Networks.TESTNET })
          .addOperation(Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: "1" }))
          .setTimeout(60)
          .build(),
      undefined,
      {
        onSigned: async (s) => {
          order.push(`signed ${s.transactionHash} posts=${horizon.requests.filter((q) => q.method === "POST").length}`);
          expect(s.validUntil.getTime()).toBeGreaterThan(Date.now());
        },
      },
    );
    const postsBefore = Number(order[0]!.split("posts=")[1]);
    expect(order[0]).toContain(r.transactionHash);
    expect(horizon.requests.filter((q) => q.method === "POST").length).toBe(postsBefore + 1);
  });
});

describe("Stellar client: envelopes checked, and the simulated twin", () => {
  it("refuses malformed XDR, an unsigned envelope, and a signature for another network, naming the field", async () => {
    const expectRefusal = (envelope: string, reason: RegExp) => {
      const err = (() => {
        try {
          decodeSignedEnvelope(envelope, Networks.TESTNET);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(EnvelopeError);
      expect((err as EnvelopeError).field).toBe("envelopeXdr");
      expect((err as Error).message).toMatch(reason);
    };
    expectRefusal("not xdr at all", /does not decode/);
    const unsigned = new TransactionBuilder(new Account(alice.publicKey(), "1"), {
      fee: "100",
      networkPassphrase: Networks.TESTNET,
    })
      .addOperation(Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: "1" }))
      .setTimeout(60)
      .build();
    expectRefusal(unsigned.toEnvelope().toXDR("base64"), /is not signed/);
    const mainnet = new TransactionBuilder(new Account(alice.publicKey(), "1"), {
      fee: "100",
      networkPassphrase: Networks.PUBLIC,
    })
      .addOperation(Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: "1" }))
      .setTimeout(60)
      .build();
    mainnet.sign(alice);
    expectRefusal(mainnet.toEnvelope().toXDR("base64"), /not signed by its source account .* for this network/);
    unsigned.sign(bob);
    expectRefusal(unsigned.toEnvelope().toXDR("base64"), /not signed by its source account/);
  });

  it("simulated: decodes and hashes the envelope, never sends it, and says what it assumed", async () => {
    const sim = new StellarSimulatedClient(server, seen);
    const posts = horizon.requests.length;
    const envelope = await signed(
      alice,
      Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: "3" }),
    );
    const r = await sim.submitSigned(envelope);
    const tx = TransactionBuilder.fromXDR(envelope, Networks.TESTNET);
    expect(r).toMatchObject({
      transactionHash: Buffer.from(tx.hash()).toString("hex"),
      ledgerIndex: null,
      explorerUrl: null,
      signer: alice.publicKey(),
    });
    expect(r.assumptions.join(" ")).toMatch(/not submitted/);
    expect(r.assumptions.join(" ")).toMatch(/the source account's next, as last seen on Horizon/);
    expect(horizon.requests.length).toBe(posts + 1); // the one account read by `signed`, nothing sent by the simulation
    expect(horizon.transactions.has(r.transactionHash)).toBe(false);
    expect(await sim.accountDetails(alice.publicKey())).toMatchObject({ observed: "last-seen", id: alice.publicKey() });
    expect(await sim.fund(alice.publicKey())).toEqual({ funded: false, alreadyExisted: true });
    await expect(sim.transaction()).rejects.toBeInstanceOf(LedgerUnreachableError);
  });
});
