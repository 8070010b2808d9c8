import { flagWord, formatScore, franklinWord, performanceValidated, scoreTone, TESTNET_TOASTS } from "./readiness";
import { stepNumber, unitsToDecimal } from "./step-numbers";

describe("the readiness rules", () => {
  it("colours the score green at 90 or more, yellow at 75 or more, red below", () => {
    expect([100, 90, 89.9, 75, 74.9, 0].map(scoreTone)).toEqual([
      "success",
      "success",
      "warning",
      "warning",
      "error",
      "error",
    ]);
  });

  it("shows Performance Validated only above 99", () => {
    expect([99.01, 100].map(performanceValidated)).toEqual([true, true]);
    expect([99, 98, null, undefined].map(performanceValidated)).toEqual([false, false, false, false]);
  });

  it("says the flag's word when true, Pending otherwise; Franklin readiness YES or PENDING", () => {
    expect(flagWord("Deployed", true)).toBe("Deployed");
    expect(flagWord("Deployed", false)).toBe("Pending");
    expect([true, false].map(franklinWord)).toEqual(["YES", "PENDING"]);
  });

  it("keeps the spec's toasts verbatim", () => {
    expect(TESTNET_TOASTS.perfectionFailed).toEqual({
      title: "Perfection Failed",
      description: "Please check logs and try again",
    });
    expect(TESTNET_TOASTS.perfectionComplete(62.5, false).title).toBe("Testnet Perfection Complete!");
    expect(formatScore(62.5)).toBe("62.5");
    expect(formatScore(100)).toBe("100");
  });
});

describe("a step's numbers", () => {
  it("reads base units exactly, without float rounding", () => {
    expect(unitsToDecimal("1000000000000000000", 18)).toBe("1");
    expect(unitsToDecimal("1333333333333333333333", 18)).toBe("1,333.333333");
    expect(unitsToDecimal("123456789012345678901234567890", 18, 2)).toBe("123,456,789,012.34");
    expect(unitsToDecimal("5", 18)).toBe("0");
    expect(unitsToDecimal("-2500", 2)).toBe("-25");
    expect(unitsToDecimal("not a number", 18)).toBe("not a number");
  });

  it("names the unit by the key's suffix, and shows an unknown key as sent", () => {
    expect(stepNumber("depositWei", "1500000000000000000")).toEqual({ label: "Deposit", text: "1.5 ETH" });
    expect(stepNumber("collateralRatioBps", "14900")).toEqual({ label: "Collateral ratio", text: "149%" });
    expect(stepNumber("collateralRatioBps", "max")).toEqual({ label: "Collateral ratio", text: "no debt" });
    expect(stepNumber("ratioWouldBeBps", "14899")).toEqual({ label: "Ratio would be", text: "148.99%" });
    expect(stepNumber("answerAfter", "285000000000")).toEqual({ label: "ETH/USD after", text: "$2,850" });
    expect(stepNumber("minted", "2000000000000000000000")).toEqual({ label: "Minted", text: "2,000 XQBUSD" });
    expect(stepNumber("collateralValueUsd", "3000000000000000000000")).toEqual({
      label: "Collateral value",
      text: "$3,000",
    });
    expect(stepNumber("paused", "true")).toEqual({ label: "Paused", text: "yes" });
    expect(stepNumber("signatures", "2")).toEqual({ label: "Signatures", text: "2" });
    expect(stepNumber("owner", "0xabc")).toEqual({ label: "Owner", text: "0xabc" });
  });
});
