// Bond math for the Treasury par curve, in one small module (no npm library prices a par bond this way).
// Yields and coupons in PERCENT (4.2 = 4.2%), maturities in years, prices per 100 face.
//
// Conventions (stated in BOND_CONVENTION):
// - Coupon bonds (maturity > 1 year): semiannual coupons c/2, discounted at (1 + y/2) per half year. When the
//   maturity is a whole number of half years the bond is priced on a coupon date (no accrued interest); in
//   between (a position's leg after some days held), the first coupon comes after a fraction f of a period,
//   the dirty price discounts every flow by (1 + y/2)^(f + i), and the clean price subtracts the accrued
//   coupon c/2 x (1 - f) (coupon accrual is counted in the carry instead).
// - Bills (maturity <= 1 year): one payment 100 x (1 + c x T) at maturity, discounted at simple interest
//   (1 + y x T): price 100 when y = c, modified duration T / (1 + y x T).

export interface BondRisk {
  /** Clean price per 100 face. */
  price: number;
  /** -(dP/dy) / P, years (the dirty price's, which equals the clean on a coupon date). */
  modifiedDuration: number;
  /** Price change for a 1 bp fall in yield, USD per $1m face. */
  dv01Per1m: number;
}

const BILL_MAX_YEARS = 1;
const EPS = 1e-9;

/** Risk of a bond paying `couponPct` with `years` to maturity, at `yieldPct`. */
export function bondRisk(couponPct: number, yieldPct: number, years: number): BondRisk {
  if (!(years > 0)) return { price: 100, modifiedDuration: 0, dv01Per1m: 0 };
  const c = couponPct / 100;
  const y = yieldPct / 100;
  if (years <= BILL_MAX_YEARS + EPS) {
    const payoff = 100 * (1 + c * years);
    const price = payoff / (1 + y * years);
    const dPdy = (-payoff * years) / (1 + y * years) ** 2;
    return { price, modifiedDuration: -dPdy / price, dv01Per1m: (-dPdy * 1e-4 * 1e6) / 100 };
  }
  const periods = 2 * years;
  const coupons = Math.ceil(periods - EPS); // flows still to come
  const f = periods - (coupons - 1); // periods to the first flow, in (0, 1]
  const v = 1 / (1 + y / 2);
  const flow = (100 * c) / 2;
  let dirty = 0;
  let dDirty = 0; // d(dirty)/dy
  for (let i = 0; i < coupons; i++) {
    const t = f + i;
    const cf = flow + (i === coupons - 1 ? 100 : 0);
    const pv = cf * v ** t;
    dirty += pv;
    dDirty += (-t / 2) * pv * v;
  }
  const accrued = flow * (1 - f);
  return { price: dirty - accrued, modifiedDuration: -dDirty / dirty, dv01Per1m: (-dDirty * 1e-4 * 1e6) / 100 };
}

/** Clean price per 100 face. */
export const bondPrice = (couponPct: number, yieldPct: number, years: number): number =>
  bondRisk(couponPct, yieldPct, years).price;

/** A par bond (coupon = yield): price 100; its duration and DV01. */
export const parBondRisk = (yieldPct: number, years: number): BondRisk => bondRisk(yieldPct, yieldPct, years);

/**
 * The curve's yield at `years`, linear between the published points (sorted by maturity), flat beyond the
 * shortest and the longest. Null when the curve has no point.
 */
export function yieldAt(points: readonly { years: number; yieldPct: number }[], years: number): number | null {
  if (points.length === 0) return null;
  if (years <= points[0]!.years) return points[0]!.yieldPct;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (years <= b.years) return a.yieldPct + ((b.yieldPct - a.yieldPct) * (years - a.years)) / (b.years - a.years);
  }
  return points[points.length - 1]!.yieldPct;
}
