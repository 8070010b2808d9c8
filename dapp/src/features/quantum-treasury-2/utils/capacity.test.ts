import { capacitiesAgree, computeCapacity } from "./capacity";

describe("the capacity calculator (spec part 1 §5)", () => {
  it("computes capacity = collateral / (ratio / 100), excess = collateral − capacity, utilization = capacity / collateral", () => {
    const r = computeCapacity("150000000", "150");
    expect("figures" in r && r.figures).toMatchObject({
      capacity: 100_000_000,
      excess: 50_000_000,
      belowLiquidation: false,
    });
    expect("figures" in r && r.figures.utilization).toBeCloseTo(66.6667, 4);
  });

  it("at 200% backs half the collateral, at 100% all of it", () => {
    const half = computeCapacity("1000", "200");
    expect("figures" in half && [half.figures.capacity, half.figures.excess, half.figures.utilization]).toEqual([
      500, 500, 50,
    ]);
    const all = computeCapacity("1000", "100");
    expect("figures" in all && [all.figures.capacity, all.figures.excess, all.figures.utilization]).toEqual([
      1000, 0, 100,
    ]);
  });

  it("flags a ratio under the 130% liquidation threshold, not one at it", () => {
    const under = computeCapacity("1300", "129.99");
    expect("figures" in under && under.figures.belowLiquidation).toBe(true);
    const at = computeCapacity("1300", "130");
    expect("figures" in at && at.figures).toMatchObject({ capacity: 1000, belowLiquidation: false });
  });

  it("has no utilization for no collateral, and says why it cannot compute the rest", () => {
    const zero = computeCapacity("0", "150");
    expect("figures" in zero && zero.figures).toMatchObject({ capacity: 0, excess: 0, utilization: null });
    expect(computeCapacity("", "150")).toEqual({ problem: "Enter the USDC collateral amount as a number." });
    expect(computeCapacity("100", "abc")).toEqual({
      problem: "Enter the collateralization ratio in percent as a number.",
    });
    expect(computeCapacity("100", "0")).toEqual({
      problem: "The ratio must be above 0%: at 0% the capacity would be infinite.",
    });
    expect(computeCapacity("-5", "150")).toEqual({ problem: "The collateral cannot be negative." });
  });

  it("agrees with the vault's integer answer to within rounding, and not beyond", () => {
    // capacityAt rounds down in 18-decimal units: 100 / 1.5 = 66.666666666666666666
    expect(capacitiesAgree(100 / 1.5, Number("66.666666666666666666"))).toBe(true);
    expect(capacitiesAgree(100_000_000, 100_000_000)).toBe(true);
    expect(capacitiesAgree(100_000_000, 99_999_999)).toBe(false);
  });
});
