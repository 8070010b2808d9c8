// The bond math against hand-worked examples and against finite differences of its own price.
import { describe, expect, it } from "vitest";
import { bondPrice, bondRisk, parBondRisk, yieldAt } from "./bond-math";

describe("bond math", () => {
  it("a 10-year par bond at 4.2% has modified duration 8.097 and price 100", () => {
    const r = parBondRisk(4.2, 10);
    expect(r.price).toBeCloseTo(100, 10);
    expect(r.modifiedDuration).toBeCloseTo(8.097, 3);
    // Hand-worked: par bond modified duration = (1 - (1 + y/2)^-2T) / y = (1 - 1.021^-20) / 0.042.
    expect(r.modifiedDuration).toBeCloseTo((1 - 1.021 ** -20) / 0.042, 10);
    // DV01 per $1m = duration x price / 100 x $100 = $809.74.
    expect(r.dv01Per1m).toBeCloseTo(809.74, 1);
  });

  it("prices 100 when the yield equals the coupon, for every tenor (bills and bonds)", () => {
    for (const years of [1 / 12, 0.125, 0.25, 0.5, 1, 2, 3, 5, 7, 10, 20, 30]) {
      expect(bondPrice(3.7, 3.7, years)).toBeCloseTo(100, 9);
    }
  });

  it("a 2-year 4% coupon at 5%: hand-worked semiannual price", () => {
    // 2 x 4 coupons of 2 discounted at 2.5% per half year, plus 100 at the end.
    const v = 1 / 1.025;
    const byHand = 2 * (v + v ** 2 + v ** 3 + v ** 4) + 100 * v ** 4;
    expect(bondPrice(4, 5, 2)).toBeCloseTo(byHand, 10);
    expect(byHand).toBeCloseTo(98.119, 4);
  });

  it("a 3-month bill: 100 x (1 + c T) / (1 + y T), duration T / (1 + y T)", () => {
    const r = bondRisk(4, 4.5, 0.25);
    expect(r.price).toBeCloseTo((100 * 1.01) / 1.01125, 10);
    expect(r.modifiedDuration).toBeCloseTo(0.25 / 1.01125, 10);
  });

  it("duration equals -dP/dy / P by central finite differences (bills, bonds, off coupon dates)", () => {
    const h = 1e-4; // percent: 0.01 bp
    for (const [c, y, t] of [
      [4.2, 4.2, 10],
      [4.2, 4.35, 10],
      [1.5, 5.1, 30],
      [5, 3, 2],
      [4, 4.1, 0.5],
      [4.33, 4.4, 9.87], // a 10-year leg 48 days later: the first coupon after a fraction of a period
      [4.6, 4.55, 1.6],
    ] as const) {
      const r = bondRisk(c, y, t);
      // d(price)/dy of the clean price = of the dirty price (the accrued coupon does not depend on y).
      const dPdy = (bondPrice(c, y + h, t) - bondPrice(c, y - h, t)) / ((2 * h) / 100);
      const dirty = r.price + (t > 1 ? (c / 2) * (1 - (2 * t - (Math.ceil(2 * t - 1e-9) - 1))) : 0);
      expect(-dPdy / dirty).toBeCloseTo(r.modifiedDuration, 6);
      // DV01 per $1m: the price change for 1 bp on $1m face.
      const oneBp = ((bondPrice(c, y - 0.005, t) - bondPrice(c, y + 0.005, t)) / 100) * 1e6;
      expect(oneBp).toBeCloseTo(r.dv01Per1m, 1);
    }
  });

  it("between coupon dates the clean price is continuous (pulls to par as time passes)", () => {
    const a = bondPrice(4, 4.5, 10);
    const b = bondPrice(4, 4.5, 10 - 1e-7);
    expect(Math.abs(a - b)).toBeLessThan(1e-4);
    expect(bondPrice(4, 4.5, 9.5)).toBeGreaterThan(a); // a discount bond pulls up to par
  });

  it("interpolates the curve linearly, flat beyond its ends", () => {
    const pts = [
      { years: 2, yieldPct: 4 },
      { years: 5, yieldPct: 4.3 },
      { years: 10, yieldPct: 4.8 },
    ];
    expect(yieldAt(pts, 1)).toBe(4);
    expect(yieldAt(pts, 3.5)).toBeCloseTo(4.15, 12);
    expect(yieldAt(pts, 9.75)).toBeCloseTo(4.775, 12);
    expect(yieldAt(pts, 30)).toBe(4.8);
    expect(yieldAt([], 3)).toBeNull();
  });
});
