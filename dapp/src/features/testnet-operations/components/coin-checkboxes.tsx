import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormLabel from "@mui/material/FormLabel";
import { MULTI_CRYPTO_COINS, type MultiCryptoCoin } from "../constants";

/** The multi-crypto test's coin picker: the spec's nine coins, any number of them, kept in the spec's order. */
export function CoinCheckboxes({
  value,
  onChange,
}: {
  value: readonly MultiCryptoCoin[];
  onChange: (coins: MultiCryptoCoin[]) => void;
}) {
  const toggle = (coin: MultiCryptoCoin, on: boolean) =>
    onChange(MULTI_CRYPTO_COINS.filter((c) => (c === coin ? on : value.includes(c))));
  return (
    <FormControl component="fieldset" variant="standard">
      <FormLabel component="legend">Coins to test</FormLabel>
      <FormGroup row data-testid="coin-checkboxes">
        {MULTI_CRYPTO_COINS.map((coin) => (
          <FormControlLabel
            key={coin}
            label={coin}
            sx={{ minWidth: 88 }}
            control={
              <Checkbox
                checked={value.includes(coin)}
                onChange={(e) => toggle(coin, e.target.checked)}
                slotProps={{ input: { "data-testid": `coin-${coin}` } as object }}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
