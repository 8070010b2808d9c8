// The curve-shape call agrees with the spreads it is shown beside: one function decides, from those spreads only.
import { describe, expect, it } from "vitest";
import { curveShapeOf } from "./curve-shape";
import { CURVE_FLAT_BAND_BPS } from "./treasury-staking.constants";

const call = (tenTwo: number | null, tenThreeM: number | null) =>
  curveShapeOf([
    { label: "10Y-2Y", bps: tenTwo },
    { label: "10Y-3M", bps: tenThreeM },
  ]);

describe("curveShapeOf", () => {
  it("never says inverted under a positive 10Y-2Y: the issue's day (2025-08-04) is mixed, both spreads named", () => {
    expect(call(53, -13)).toEqual({ shape: "mixed", text: "mixed: 10Y-2Y +53 bps, 10Y-3M -13 bps" });
  });

  it("normal when both spreads are up, inverted when both are down", () => {
    expect(call(53, 74)).toEqual({ shape: "normal", text: "normal: 10Y-2Y +53 bps, 10Y-3M +74 bps" });
    expect(call(-40, -120)).toEqual({ shape: "inverted", text: "inverted: 10Y-2Y -40 bps, 10Y-3M -120 bps" });
  });

  it(`flat within ${CURVE_FLAT_BAND_BPS} bps of zero on both; one flat and one not is mixed`, () => {
    expect(call(CURVE_FLAT_BAND_BPS, -CURVE_FLAT_BAND_BPS).shape).toBe("flat");
    expect(call(0, 0).text).toBe("flat: 10Y-2Y 0 bps, 10Y-3M 0 bps");
    expect(call(CURVE_FLAT_BAND_BPS + 1, 0).shape).toBe("mixed");
    expect(call(-CURVE_FLAT_BAND_BPS - 1, 5).shape).toBe("mixed");
  });

  it("rests on the published spread when a tenor is missing, and says so", () => {
    expect(call(53, null)).toEqual({ shape: "normal", text: "normal: 10Y-2Y +53 bps, 10Y-3M not published" });
    expect(call(null, null).shape).toBe("mixed");
  });

  it("agrees in sign with every spread it is shown with", () => {
    for (const a of [-80, -25, -11, 0, 11, 25, 80])
      for (const b of [-80, -25, -11, 0, 11, 25, 80]) {
        const { shape } = call(a, b);
        if (shape === "inverted") expect(a < 0 && b < 0).toBe(true);
        if (shape === "normal") expect(a > 0 && b > 0).toBe(true);
      }
  });
});
