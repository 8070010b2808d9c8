// Whole-unit decimal strings as the API sends them ("2999000", "9999.999957"), shown grouped and cut to a few decimals.

/** "2999000.123456" -> "2,999,000.1234"; the text is never rounded through a float. */
export function formatUnitsText(value: string, maxDecimals = 4): string {
  const [int = "0", frac = ""] = value.split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const cut = frac.slice(0, maxDecimals).replace(/0+$/, "");
  return cut ? `${grouped}.${cut}` : grouped;
}

/** "23 h 59 min 58 s" until `targetMs` from `nowMs`; "now" once reached. */
export function formatCountdown(targetMs: number, nowMs: number): string {
  let s = Math.max(0, Math.ceil((targetMs - nowMs) / 1000));
  if (s === 0) return "now";
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  return [h ? `${h} h` : "", h || m ? `${m} min` : "", `${s} s`].filter(Boolean).join(" ");
}
