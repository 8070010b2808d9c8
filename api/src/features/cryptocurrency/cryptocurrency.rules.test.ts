import { describe, expect, it } from "vitest";
import { amountProblem, compareDecimal, memoBytes, ruleOf, strictestRule } from "./cryptocurrency.rules";

const BTC = ruleOf("BTC", { decimals: 8, minAmount: "0.00000294", maxAmount: "1" });
const ADA = ruleOf("ADA", { decimals: 6, minAmount: "0.96975", maxAmount: "1000000" });

describe("the test amount's rule", () => {
  it("compares decimal text exactly", () => {
    expect(compareDecimal("0.1", "0.10")).toBe(0);
    expect(compareDecimal("0.000000000000000001", "0")).toBe(1);
    expect(compareDecimal("0.96975", "1")).toBe(-1);
  });

  it("takes the spec's 0.1 minimum unless the chain's is higher, and the coin's places and maximum", () => {
    expect(BTC).toMatchObject({ min: "0.1", max: "1", decimals: 8, chainMinBy: null });
    expect(ADA).toMatchObject({ min: "0.96975", chainMinBy: "ADA" });
    expect(amountProblem("1", BTC, "BTC")).toBeNull();
    expect(amountProblem("0.1", BTC, "BTC")).toBeNull();
    expect(amountProblem("0.09", BTC, "BTC")).toBe("must be at least 0.1 BTC");
    expect(amountProblem("1.00000001", BTC, "BTC")).toMatch(/^must be at most 1 BTC/);
    expect(amountProblem("0.123456789", BTC, "BTC")).toMatch(/^BTC has 8 decimal places/);
    expect(amountProblem("1.000000000", BTC, "BTC")).toBeNull();
    expect(amountProblem("1e3", BTC, "BTC")).toMatch(/plain decimal/);
    expect(amountProblem("-1", BTC, "BTC")).toMatch(/plain decimal/);
    expect(amountProblem("0.5", ADA, "ADA")).toBe(
      "must be at least 0.96975 ADA (ADA's chain minimum for this transfer)",
    );
  });

  it("over several coins, the strictest rule, naming the coin that sets each bound", () => {
    const rule = strictestRule([BTC, ADA])!;
    expect(rule).toMatchObject({ min: "0.96975", max: "1", decimals: 6, chainMinBy: "ADA", maxBy: "BTC" });
    expect(amountProblem("2", rule)).toBe("must be at most 1 (what our BTC test account signs for)");
    expect(strictestRule([])).toBeNull();
  });

  it("counts a memo in UTF-8 bytes, as the API does", () => {
    expect(memoBytes("hello")).toBe(5);
    expect(memoBytes("é".repeat(15))).toBe(30);
  });
});
