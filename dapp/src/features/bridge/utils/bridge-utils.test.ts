import { Keypair } from "@stellar/stellar-sdk";
import { encodeAccountID, encodeSeed } from "ripple-address-codec";
import { checkDestination } from "./address";
import { addDecimals, checkBridgeAmount, formatUnits18, parseUnits18 } from "./amount";
import { checkMemo, stellarInboundMemoHex, xrplInboundMemo } from "./memo";

// Random addresses encoded by the ledgers' own libraries (Stellar SDK, ripple-address-codec), so the page's checksum code is checked against theirs.
const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const xrplAddress = () => encodeAccountID(randomBytes(20));

describe("destination addresses", () => {
  it("accepts Stellar account ids and XRPL addresses made by their SDKs", () => {
    for (let i = 0; i < 5; i++) {
      expect(checkDestination("stellar", Keypair.random().publicKey())).toEqual({ ok: true });
      expect(checkDestination("xrpl", xrplAddress())).toEqual({ ok: true });
    }
  });

  it("refuses a one-character typo by its checksum, a secret, the wrong ledger and a bad shape, in words", () => {
    const g = Keypair.random().publicKey();
    const typo = g.slice(0, 10) + (g[10] === "A" ? "B" : "A") + g.slice(11);
    expect(checkDestination("stellar", typo)).toEqual({ ok: false, reason: expect.stringContaining("checksum") });
    expect(checkDestination("stellar", Keypair.random().secret())).toEqual({
      ok: false,
      reason: expect.stringContaining("secret"),
    });
    expect(checkDestination("stellar", g.slice(0, 50))).toEqual({
      ok: false,
      reason: expect.stringContaining("56 characters"),
    });
    const r = xrplAddress();
    const rTypo = r.slice(0, 5) + (r[5] === "p" ? "s" : "p") + r.slice(6);
    expect(checkDestination("xrpl", rTypo)).toEqual({ ok: false, reason: expect.stringContaining("checksum") });
    expect(checkDestination("xrpl", g)).toEqual({ ok: false, reason: "An XRPL address starts with r" });
    expect(checkDestination("xrpl", encodeSeed(randomBytes(16), "secp256k1"))).toEqual({
      ok: false,
      reason: expect.stringContaining("secret"),
    });
    expect(checkDestination("xrpl", "r0OIl" + r.slice(5))).toEqual({
      ok: false,
      reason: expect.stringContaining("base58"),
    });
    expect(checkDestination("xrpl", " ")).toEqual({ ok: false, reason: "Enter the XRPL address (r…)" });
  });
});

describe("amounts", () => {
  it("keeps every digit between text and 18-decimal units", () => {
    expect(parseUnits18("1.5")).toBe(1_500_000_000_000_000_000n);
    expect(parseUnits18("0.0000001")).toBe(100_000_000_000n);
    expect(formatUnits18(123_456_789_000_000_000_000n)).toBe("123.456789");
    expect(addDecimals("10", "2.5", "0.0000001", "-0.5")).toBe("12.0000001");
  });

  it("allows at most 7 decimals and at most the balance", () => {
    expect(checkBridgeAmount("1.1234567", undefined)).toEqual({ ok: true, units: 1_123_456_700_000_000_000n });
    expect(checkBridgeAmount("1.12345678", undefined)).toEqual({
      ok: false,
      reason: expect.stringContaining("At most 7 decimals"),
    });
    expect(checkBridgeAmount("0", undefined)).toEqual({ ok: false, reason: "The amount must be more than 0" });
    expect(checkBridgeAmount("1e3", undefined)).toEqual({ ok: false, reason: expect.stringContaining("as a number") });
    expect(checkBridgeAmount("5", 4_000_000_000_000_000_000n)).toEqual({
      ok: false,
      reason: "More than your wallet holds (4 XQB)",
    });
    expect(checkBridgeAmount("4", 4_000_000_000_000_000_000n).ok).toBe(true);
  });
});

describe("memos", () => {
  it("counts bytes, not characters (28 at most)", () => {
    expect(checkMemo("a".repeat(28))).toEqual({ ok: true });
    expect(checkMemo("é".repeat(15))).toEqual({ ok: false, reason: expect.stringContaining("this one is 30") });
  });

  it("names the EVM address by the way-back rules of each ledger", () => {
    const a = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    expect(stellarInboundMemoHex(a)).toBe(`${"00".repeat(12)}70997970c51812dc3a010c7d01b50e0d17dc79c8`);
    expect(stellarInboundMemoHex(a)).toHaveLength(64);
    const memo = xrplInboundMemo(a).Memo;
    expect(Buffer.from(memo.MemoType, "hex").toString()).toBe("evm-address");
    expect(Buffer.from(memo.MemoData, "hex").toString()).toBe(a);
    expect(() => stellarInboundMemoHex("0x123")).toThrow();
  });
});
