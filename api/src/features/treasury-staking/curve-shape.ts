// The curve-shape call, decided in one place from the spreads the Analytics tab shows (10Y-2Y and 10Y-3M), so
// the call can never contradict the figures beside it: the API answers it, the page prints the answer.
import { CURVE_FLAT_BAND_BPS } from "./treasury-staking.constants";

export type CurveShape = "normal" | "flat" | "inverted" | "mixed";

export interface CurveSpread {
  /** As the page labels it ("10Y-2Y"). */
  label: string;
  /** bps; null when a tenor was not published that day. */
  bps: number | null;
}

export interface CurveShapeCall {
  shape: CurveShape;
  /** The call with the spreads it rests on: "mixed: 10Y-2Y +53 bps, 10Y-3M -13 bps". */
  text: string;
}

type Direction = "up" | "down" | "flat";
const directionOf = (bps: number): Direction =>
  bps > CURVE_FLAT_BAND_BPS ? "up" : bps < -CURVE_FLAT_BAND_BPS ? "down" : "flat";

const signedBps = (bps: number) => `${bps > 0 ? "+" : bps < 0 ? "-" : ""}${Math.abs(Math.round(bps))} bps`;

/**
 * CURVE_SHAPE_RULE: each published spread is up (> +band), down (< -band) or flat; all up -> normal, all down ->
 * inverted, all flat -> flat, anything else -> mixed. Spreads without a value are left out (and said so).
 */
export function curveShapeOf(spreads: readonly CurveSpread[]): CurveShapeCall {
  const known = spreads.filter((s): s is CurveSpread & { bps: number } => s.bps !== null && Number.isFinite(s.bps));
  const directions = new Set(known.map((s) => directionOf(s.bps)));
  const shape: CurveShape =
    known.length === 0 || directions.size > 1
      ? "mixed"
      : directions.has("up")
        ? "normal"
        : directions.has("down")
          ? "inverted"
          : "flat";
  const parts = spreads.map((s) => (s.bps === null ? `${s.label} not published` : `${s.label} ${signedBps(s.bps)}`));
  return { shape, text: `${shape}: ${parts.join(", ")}` };
}
