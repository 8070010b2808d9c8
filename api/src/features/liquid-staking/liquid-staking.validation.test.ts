// The amount, ratio and form rules the API and the dapp's Create Leverage form share, with the spec's
// messages verbatim; and the risk rule strategies and simulations are labelled by.
import { describe, expect, it } from "vitest";
import { UnsafeNumber } from "../../shared/unsafe-number";
import {
  ENTER_ETH_AMOUNT,
  MISSING_INFORMATION,
  leverageAmountSchema,
  leverageAmountTextSchema,
  leverageFormSchema,
  previewQuery,
  riskLevelOf,
} from "./liquid-staking.schemas";
import { weiOfEth } from "./liquid-staking.service";

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe("leverageAmountSchema", () => {
  it("takes a positive ETH amount up to the wallet's balance when one is given", () => {
    expect(leverageAmountSchema(0.5).parse(0.5)).toBe(0.5);
    expect(messages(leverageAmountSchema(0.5).safeParse(0.51))).toEqual([
      "must be at most 0.5 ETH (the wallet's balance)",
    ]);
    expect(leverageAmountSchema().parse(1000)).toBe(1000);
    expect(leverageAmountSchema().safeParse(10_001).success).toBe(false);
  });

  it("asks for an amount in the spec's words and refuses what is not one", () => {
    expect(messages(leverageAmountSchema().safeParse(undefined))).toEqual([ENTER_ETH_AMOUNT]);
    expect(messages(leverageAmountSchema().safeParse(0))).toEqual(["must be greater than 0 ETH"]);
    expect(messages(leverageAmountSchema().safeParse(-1))).toEqual(["must be greater than 0 ETH"]);
    expect(messages(leverageAmountSchema().safeParse("1"))).toEqual(["must be a number of ETH"]);
    expect(messages(leverageAmountSchema().safeParse(1e-19))).toEqual([
      "must have at most 18 decimal places (wei precision)",
    ]);
    expect(messages(leverageAmountSchema().safeParse(new UnsafeNumber("1.0000000000000000001")))[0]).toContain(
      "cannot be held exactly",
    );
  });

  it("reads a text field as the user types it", () => {
    const field = leverageAmountTextSchema(0.036);
    expect(field.parse(" 0.01 ")).toBe(0.01);
    expect(messages(field.safeParse(""))).toEqual([ENTER_ETH_AMOUNT]);
    expect(messages(field.safeParse("abc"))).toEqual(["must be a number of ETH"]);
    expect(messages(field.safeParse("0.04"))).toEqual(["must be at most 0.036 ETH (the wallet's balance)"]);
  });
});

describe("leverageFormSchema", () => {
  it("answers each missing choice with the spec's Missing Information text", () => {
    const r = leverageFormSchema(1).safeParse({});
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["strategy", MISSING_INFORMATION],
      ["ethAmount", MISSING_INFORMATION],
      ["leverageRatio", MISSING_INFORMATION],
    ]);
  });

  it("takes only the five ratio options", () => {
    for (const ratio of [1.5, 2, 3, 4, 5])
      expect(
        leverageFormSchema().safeParse({ strategy: "qeth-leverage", ethAmount: 1, leverageRatio: ratio }).success,
      ).toBe(true);
    expect(
      messages(leverageFormSchema().safeParse({ strategy: "qeth-leverage", ethAmount: 1, leverageRatio: 2.5 })),
    ).toEqual(["must be one of 1.5, 2, 3, 4, 5 (the leverage ratio options)"]);
  });

  it("reads a preview query's numbers from their text", () => {
    expect(previewQuery.parse({ strategy: "xqbeth-leverage", ethAmount: "0.25", leverageRatio: "1.5" })).toEqual({
      strategy: "xqbeth-leverage",
      ethAmount: 0.25,
      leverageRatio: 1.5,
    });
    expect(previewQuery.safeParse({ strategy: "xqbeth-leverage", ethAmount: "1e3", leverageRatio: "2" }).success).toBe(
      false,
    );
  });
});

describe("riskLevelOf", () => {
  it("labels by the ratio and how far the LST's rate may fall before liquidation", () => {
    // at the pools' 85% threshold: HF = 0.85 L / (L - 1)
    const hf = (l: number) => (0.85 * l) / (l - 1);
    expect([1.5, 2, 3, 4, 5].map((l) => riskLevelOf(l, hf(l)))).toEqual(["low", "low", "medium", "high", "high"]);
    // a 2x position already close to liquidation is not low
    expect(riskLevelOf(2, 1.2)).toBe("medium");
    expect(riskLevelOf(2, 1.05)).toBe("high");
  });
});

describe("weiOfEth", () => {
  it("turns the JSON number into the wei its decimal text names", () => {
    expect(weiOfEth(0.1)).toBe(100_000_000_000_000_000n);
    expect(weiOfEth(1e-7)).toBe(100_000_000_000n);
    expect(weiOfEth(1.5e3)).toBe(1_500n * 10n ** 18n);
    expect(weiOfEth(0.000000000000000001)).toBe(1n);
  });
});
