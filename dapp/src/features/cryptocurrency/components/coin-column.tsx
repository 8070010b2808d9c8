import Typography from "@mui/material/Typography";
import type { DataColumn } from "../../../components/data-table";
import { COINS } from "../constants";

/** The "Coin" column of this page's tables: the symbol, then its name in grey (the card's title on a phone). */
export function coinColumn<R extends { symbol: string }>(): DataColumn<R> {
  return {
    id: "coin",
    header: "Coin",
    primary: true,
    cell: (r) => (
      <>
        {r.symbol}{" "}
        <Typography component="span" variant="body2" color="text.secondary">
          {COINS.find((c) => c.symbol === r.symbol)?.name ?? r.symbol}
        </Typography>
      </>
    ),
  };
}
