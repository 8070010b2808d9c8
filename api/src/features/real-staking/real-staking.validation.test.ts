// The rules the page and the API share, without a chain: the amount check (the spec's messages verbatim),
// the daily rewards formula, the risk and APY rules, and how withdrawals are matched to deposits.
import { describe, expect, it } from "vitest";
import type { IndexedEvent } from "../../ledgers/evm/event-index/types";
import { apyFromRates, apyFromStream, DAY, riskOf, YEAR } from "./real-staking.rules";
import { expectedDailyRewards, stakeAmountSchema, stakeEthAmountText, STAKE_MESSAGES } from "./real-staking.schemas";
import { allocate } from "./real-staking.lots";

const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe("stakeAmountSchema", () => {
  const qeth = stakeAmountSchema("Quantum Staked ETH", "0.001");

  it("accepts amounts at or above the minimum, normalised as formatEther prints them", () => {
    expect(qeth.parse("0.001")).toBe("0.001");
    expect(qeth.parse("0.0100")).toBe("0.01");
    expect(qeth.parse(".5")).toBe("0.5");
    expect(qeth.parse("2.")).toBe("2");
    expect(qeth.parse(" 1 ")).toBe("1");
  });

  it("says the spec's Amount Too Low text below the minimum", () => {
    expect(messageOf(qeth.safeParse("0.0009"))).toBe("Minimum for Quantum Staked ETH is 0.001 ETH");
    expect(STAKE_MESSAGES.amountTooLow("Quantum Staked ETH", "0.001")).toEqual({
      title: "Amount Too Low",
      description: "Minimum for Quantum Staked ETH is 0.001 ETH",
    });
    expect(messageOf(stakeAmountSchema("Vibe Staked ETH", "0.010").safeParse("0.005"))).toBe(
      "Minimum for Vibe Staked ETH is 0.01 ETH",
    );
  });

  it("holds the spec's toasts verbatim", () => {
    expect(STAKE_MESSAGES.walletRequired).toEqual({
      title: "Wallet Required",
      description: "Connect your wallet to test real ETH staking",
    });
    expect(STAKE_MESSAGES.missingInformation).toEqual({
      title: "Missing Information",
      description: "Select protocol and enter stake amount",
    });
    expect(STAKE_MESSAGES.noWallet).toEqual({
      title: "No Wallet Found",
      description: "Please install MetaMask to test real ETH staking",
    });
    expect(STAKE_MESSAGES.stakeCreated("0.01", "Quantum Staked ETH")).toEqual({
      title: "Real Stake Created!",
      description: "Testing 0.01 ETH with Quantum Staked ETH",
    });
    expect(STAKE_MESSAGES.stakeFailed).toEqual({
      title: "Staking Test Failed",
      fallback: "Failed to create real stake test",
    });
    expect(STAKE_MESSAGES.connectionFailed).toEqual({
      title: "Connection Failed",
      fallback: "Failed to connect wallet",
    });
  });

  it("says Missing Information for an empty or absent amount", () => {
    expect(messageOf(qeth.safeParse(""))).toBe("Select protocol and enter stake amount");
    expect(messageOf(qeth.safeParse("   "))).toBe("Select protocol and enter stake amount");
    expect(messageOf(qeth.safeParse(undefined))).toBe("Select protocol and enter stake amount");
  });

  it("refuses negatives, non-numbers, more than 18 decimals and zero, each with its reason", () => {
    expect(messageOf(qeth.safeParse("-1"))).toBe("must not be negative");
    expect(messageOf(qeth.safeParse("-0.5"))).toBe("must not be negative");
    for (const bad of ["abc", "1e3", "0x10", "1,5", "1.2.3", "NaN", "Infinity", "."]) {
      expect(messageOf(qeth.safeParse(bad)), bad).toBe("must be a decimal number of ETH, e.g. 0.01");
    }
    expect(messageOf(qeth.safeParse("0.1234567890123456789"))).toBe(
      "must have at most 18 decimal places (wei precision)",
    );
    expect(messageOf(qeth.safeParse("0"))).toBe("must be greater than 0 ETH");
    expect(messageOf(qeth.safeParse("0.000"))).toBe("must be greater than 0 ETH");
    expect(messageOf(qeth.safeParse(0.01))).toBe('must be a decimal number of ETH as text, e.g. "0.01"');
    expect(messageOf(qeth.safeParse("1".repeat(61)))).toBe("must be at most 60 characters");
  });

  it("keeps 18 decimals exactly (no float rounding)", () => {
    expect(stakeEthAmountText.parse("1.000000000000000001")).toBe("1.000000000000000001");
  });
});

describe("expectedDailyRewards = amount x APY / 100 / 365, 6 decimals", () => {
  it("matches the formula", () => {
    // 0.01 x 4.2 / 100 / 365 = 0.00000115068…
    expect(expectedDailyRewards("0.01", 4.2)).toBe("0.000001");
    // 10 x 3.8 / 100 / 365 = 0.00104109589…
    expect(expectedDailyRewards("10", 3.8)).toBe("0.001041");
    // 365 x 5.1 / 100 / 365 = 0.051 exactly
    expect(expectedDailyRewards("365", 5.1)).toBe("0.051000");
    // half up: 1 x 0.073 / 100 / 365 = 0.0000020 exactly; 1 x 0.0365 / 100 / 365 = 0.000001 exactly
    expect(expectedDailyRewards("1", 0.0365)).toBe("0.000001");
    expect(expectedDailyRewards("1", 0.01825)).toBe("0.000001"); // 0.0000005 rounds up
    expect(expectedDailyRewards("1", 0)).toBe("0.000000");
  });
});

describe("risk rule", () => {
  const ETH = 10n ** 18n;
  it("scores the withdrawal delay and the pool size", () => {
    expect(riskOf(BigInt(DAY), ETH).level).toBe("low");
    expect(riskOf(BigInt(3 * DAY), ETH).level).toBe("medium");
    expect(riskOf(BigInt(7 * DAY), ETH).level).toBe("high");
    expect(riskOf(BigInt(7 * DAY), 10n * ETH).level).toBe("medium");
    expect(riskOf(BigInt(DAY), 10n * ETH).level).toBe("low");
    expect(riskOf(BigInt(7 * DAY), ETH / 2n).level).toBe("high");
    expect(riskOf(BigInt(3 * DAY), ETH).reason).toBe(
      "withdrawal delay 3 days (1 point), pool size 1 ETH (1 point): medium",
    );
  });
});

describe("APY rules", () => {
  it("annualises the exchange rate's change over the window", () => {
    // +0.1% in 1 day = 36.5% a year
    expect(apyFromRates(10n ** 18n, 10n ** 18n + 10n ** 15n, DAY)).toBe(36.5);
    expect(apyFromRates(10n ** 18n, 10n ** 18n, 7 * DAY)).toBe(0);
    // a loss shows as a negative yield
    expect(apyFromRates(10n ** 18n, 10n ** 18n - 10n ** 15n, DAY)).toBe(-36.5);
  });
  it("reads the stream's yield on the pool's ETH, 0 once spent", () => {
    const rate = (10n ** 18n * 420n) / 10_000n / BigInt(YEAR);
    expect(apyFromStream(rate, 1n, 10n ** 18n)).toBe(4.2);
    expect(apyFromStream(rate, 1n, 2n * 10n ** 18n)).toBe(2.1);
    expect(apyFromStream(rate, 0n, 10n ** 18n)).toBe(0);
  });
});

describe("allocate: first in, first out", () => {
  let log = 0;
  const ev = (block: number, eventName: string, args: Record<string, string>): IndexedEvent => ({
    chainInstance: "0x00",
    contract: "qETH",
    address: "0x4ed7c70F96B99c776995fB64377f0d4aB3B0e1C1",
    eventName,
    args,
    blockNumber: BigInt(block),
    blockTimestamp: 1_700_000_000 + block,
    logIndex: log++,
    transactionHash: `0x${block.toString(16).padStart(64, "0")}`,
  });

  it("takes withdrawals and transfers from the oldest deposit first", () => {
    const d1 = ev(1, "Deposit", { assets: "100", shares: "100" });
    const d2 = ev(2, "Deposit", { assets: "200", shares: "200" });
    const r1 = ev(3, "WithdrawalRequested", { requestId: "1", shares: "150", assets: "165" });
    const t1 = ev(4, "Transfer", { value: "50", to: "0x0000000000000000000000000000000000000001" });
    const [a, b] = allocate([d1, d2], [r1], [t1]);
    expect(a!.held).toBe(0n);
    expect(a!.exitedAssets).toBe(110n); // 165 x 100/150
    expect(a!.started).toEqual([r1]);
    expect(b!.held).toBe(100n); // 200 - 50 (request) - 50 (transfer)
    expect(b!.exitedAssets).toBe(55n); // 165 x 50/150
    expect(b!.transferred).toBe(50n);
    expect(b!.started).toEqual([]);
  });

  it("ignores outflows beyond the deposits' shares (shares received by transfer)", () => {
    const d1 = ev(10, "Deposit", { assets: "10", shares: "10" });
    const r1 = ev(11, "WithdrawalRequested", { requestId: "2", shares: "30", assets: "30" });
    const [a] = allocate([d1], [r1], []);
    expect(a!.held).toBe(0n);
    expect(a!.exitedAssets).toBe(10n);
  });
});
