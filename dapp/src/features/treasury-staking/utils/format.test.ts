import {
  bpsText,
  bpsValueText,
  curveDayText,
  percentText,
  signedUsdText,
  strategyName,
  usdText,
  yieldChangeText,
  yieldText,
} from "./format";

describe("the spec's formats (part 2 §9)", () => {
  it("shows a spread in basis points: the percent value x 100, 0 decimals", () => {
    expect(bpsText(0.53)).toBe("53 bps");
    expect(bpsText(-0.41)).toBe("-41 bps");
    expect(bpsText(0.005)).toBe("1 bps"); // 0.5 bp rounds to 1
    expect(bpsText(-0.001)).toBe("0 bps"); // never "-0"
    expect(bpsText(null)).toBe("—");
  });

  it("shows a yield to 2 decimals", () => {
    expect(yieldText(4.2)).toBe("4.20%");
    expect(yieldText(3.689)).toBe("3.69%");
  });

  it("shows a yield change x 100 (percentage points to bps) with 3 decimals, signed", () => {
    expect(yieldChangeText(-0.05)).toBe("−5.000 bps");
    expect(yieldChangeText(0.0125)).toBe("+1.250 bps");
    expect(yieldChangeText(0)).toBe("0.000 bps");
    expect(yieldChangeText(null)).toBe("—");
  });

  it("writes US dollars the en-US way", () => {
    expect(usdText(1234567.891)).toBe("$1,234,567.89");
    expect(usdText(65000, 0)).toBe("$65,000");
    expect(signedUsdText(-12.5)).toBe("−$12.50");
    expect(signedUsdText(3)).toBe("+$3.00");
  });

  it("reads values already in bps, names and days", () => {
    expect(bpsValueText(-13.215, 1, true)).toBe("−13.2 bps");
    expect(bpsValueText(5.65, 2)).toBe("5.65 bps");
    expect(percentText(16.67, 0)).toBe("17%");
    expect(strategyName("butterfly_2s5s10s")).toBe("Butterfly 2s5s10s");
    expect(curveDayText("2025-08-04")).toBe("Aug 4, 2025");
  });
});
