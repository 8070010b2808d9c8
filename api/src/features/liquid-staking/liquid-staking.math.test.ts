// The pure arithmetic behind the leverage answers: the APY formulas every strategy, preview and position
// shares, and the rounding of the least equity a stake needs (a wei short and the router refuses it).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BPS } from "./liquid-staking.ledger";
import {
  annualised,
  hfNumber,
  leveragedAPY,
  liquidationDistancePercent,
  minimumEquity,
  ratioBps,
  yearlyYield,
} from "./liquid-staking.math";

const ETH = 10n ** 18n;

describe("leveragedAPY", () => {
  it("is base x L - borrow x (L - 1): the whole stake earns, the borrowed part pays", () => {
    expect(leveragedAPY(4, 3, 2)).toBe(5); // 4 x 2 - 3 x 1
    expect(leveragedAPY(4, 3, 5)).toBe(8); // 20 - 12
    expect(leveragedAPY(3.5, 2, 1.5)).toBe(4.25); // 5.25 - 1
    expect(leveragedAPY(4, 3, 1)).toBe(4); // no borrowing: the base rate
    // borrowing dearer than staking earns: more leverage, less yield
    expect(leveragedAPY(3, 5, 3)).toBeLessThan(leveragedAPY(3, 5, 2));
  });

  it("agrees with a position's yearly yield over its equity when collateral = L x equity and debt = (L - 1) x equity", () => {
    for (const l of [1.5, 2, 3, 4, 5]) {
      const equity = 0.7;
      expect(yearlyYield(equity * l, 4.2, equity * (l - 1), 2.9) / equity).toBeCloseTo(leveragedAPY(4.2, 2.9, l), 12);
    }
  });
});

describe("minimumEquity", () => {
  it("is the LST's minimum over the ratio, rounded up to the wei", () => {
    expect(minimumEquity(ETH / 100n, ratioBps(2))).toBe(ETH / 200n); // 0.01 ETH at 2x: 0.005 exactly
    expect(minimumEquity(ETH / 100n, ratioBps(3))).toBe(3_333_333_333_333_334n); // 0.00333… up, not down
    expect(minimumEquity(ETH / 1000n, ratioBps(1.5))).toBe(666_666_666_666_667n);
    expect(minimumEquity(1n, ratioBps(5))).toBe(1n); // never 0: one wei at least
  });

  it("is the least amount whose stake (amount x ratio) reaches the minimum", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 21n }), fc.constantFrom(1.5, 2, 3, 4, 5), (minDeposit, ratio) => {
        const bps = ratioBps(ratio);
        const e = minimumEquity(minDeposit, bps);
        expect(e * bps).toBeGreaterThanOrEqual(minDeposit * BPS);
        expect((e - 1n) * bps).toBeLessThan(minDeposit * BPS);
      }),
    );
  });
});

describe("health factor and distance to liquidation", () => {
  it("reads the contracts' type(uint256).max as no debt, else the WAD as a number", () => {
    expect(hfNumber(2n ** 256n - 1n)).toBeNull();
    expect(hfNumber(17n * 10n ** 17n)).toBe(1.7);
  });

  it("says how far the LST/ETH rate may fall before HF = 1", () => {
    expect(liquidationDistancePercent(2)).toBe(50);
    expect(liquidationDistancePercent(1.7)).toBeCloseTo(41.176, 3);
    expect(liquidationDistancePercent(1)).toBe(0);
    expect(liquidationDistancePercent(0)).toBe(0); // no factor (no preview): no distance, not -Infinity
  });
});

describe("annualised", () => {
  it("scales a realised return to a year only when held a day or more", () => {
    const day = 24 * 3600;
    expect(annualised(1, day - 1)).toBeNull();
    expect(annualised(1, day)).toBeCloseTo(365, 9);
    expect(annualised(-0.5, 73 * day)).toBeCloseTo(-2.5, 9);
    expect(annualised(null, 30 * day)).toBeNull();
  });
});
