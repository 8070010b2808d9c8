import TextField from "@mui/material/TextField";
import type { CoinEntryAnswer } from "../api/contract";
import { CATEGORY_TITLES, COIN_CATEGORIES, type CoinSymbol } from "../constants";
import { LEVEL_LABEL } from "../utils/levels";

/** Every coin that can run a test here (all but the display-only ones), in the API's order. */
export const testableCoins = (coins: readonly CoinEntryAnswer[]) => coins.filter((c) => c.level !== "display-only");

/**
 * The coin to test or check: the browser's own select (keyboard and phone pickers for free), grouped as the spec
 * groups the coins, each option saying its level. Empty until one is chosen: a test needs a chosen coin.
 */
export function CoinPicker({
  id,
  coins,
  value,
  onChange,
  label = "Coin",
  testId = "coin-select",
  helperText,
}: {
  id: string;
  coins: readonly CoinEntryAnswer[];
  value: CoinSymbol | "";
  onChange: (symbol: CoinSymbol | "") => void;
  label?: string;
  testId?: string;
  helperText?: string;
}) {
  return (
    <TextField
      id={id}
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as CoinSymbol | "")}
      helperText={helperText}
      fullWidth
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { "data-testid": testId },
      }}
    >
      <option value="">Choose a coin</option>
      {COIN_CATEGORIES.map((category) => {
        const group = coins.filter((c) => c.category === category);
        return group.length ? (
          <optgroup key={category} label={CATEGORY_TITLES[category]}>
            {group.map((c) => (
              <option key={c.symbol} value={c.symbol}>
                {c.symbol} · {c.name} · {LEVEL_LABEL[c.level]}
                {c.status === "UNAVAILABLE" ? " (unavailable now)" : ""}
              </option>
            ))}
          </optgroup>
        ) : null;
      })}
    </TextField>
  );
}
