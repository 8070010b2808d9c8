import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Columns } from "../../../components/columns";
import { QueryState } from "../../../components/page-shell";
import { Skeleton } from "../../../components/skeleton";
import { useSupported } from "../api/get-supported";
import type { CoinEntryAnswer, SupportedResponse } from "../api/contract";
import { CATEGORY_TITLES, COIN_CATEGORIES, COIN_LEVELS, COINS, type CoinCategory } from "../constants";
import { LEVEL_MEANING } from "../utils/levels";
import { CoinCard } from "./coin-card";
import { LevelBadge } from "./level-badge";

const GRID = { xs: 1, sm: 2, lg: 3 } as const;
// A card's height, measured at 390 px and 1280 px (the longest reasons wrap to more lines on a phone).
const CARD_HEIGHT = { xs: 340, sm: 480, md: 360, lg: 380 } as const;

/** The coins of each of the spec's four groups, in the API's order. */
export function groupsOf(data: SupportedResponse): { category: CoinCategory; coins: CoinEntryAnswer[] }[] {
  const bySymbol = new Map(data.cryptocurrencies.map((c) => [c.symbol, c]));
  return COIN_CATEGORIES.map((category) => ({
    category,
    coins: data.categories[category].map((s) => bySymbol.get(s)).filter((c): c is CoinEntryAnswer => !!c),
  })).filter((g) => g.coins.length > 0);
}

/** What the three badges mean, once, above the cards. */
function LevelLegend() {
  return (
    <Box
      component="ul"
      data-testid="level-legend"
      aria-label="What the levels mean"
      sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 0.75 }}
    >
      {COIN_LEVELS.map((level) => (
        <Box component="li" key={level} sx={{ display: "flex", gap: 1, alignItems: "baseline", flexWrap: "wrap" }}>
          <LevelBadge level={level} testId="legend-badge" />
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0, flex: "1 1 12rem" }}>
            {LEVEL_MEANING[level]}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The placeholder: each group's heading and as many cards as it has, at their measured height. */
function GroupsSkeleton() {
  return (
    <Stack spacing={4}>
      {COIN_CATEGORIES.map((category) => (
        <Box key={category}>
          <Skeleton width={200} sx={{ fontSize: "1.5rem", mb: 1 }} />
          <Columns columns={GRID}>
            {COINS.filter((c) => c.category === category).map((c) => (
              <Skeleton key={c.symbol} variant="rounded" sx={{ height: CARD_HEIGHT }} />
            ))}
          </Columns>
        </Box>
      ))}
    </Stack>
  );
}

/** All Cryptocurrencies: the coins in the spec's four groups, a card per coin saying what it can do here. */
export function AllCoinsTab() {
  const supported = useSupported();
  return (
    <Stack spacing={3}>
      <LevelLegend />
      <QueryState
        query={supported}
        what="the supported coins"
        height={2400}
        testId="supported"
        isEmpty={(d) => d.cryptocurrencies.length === 0}
        empty={{ message: "This API lists no coin." }}
        skeleton={<GroupsSkeleton />}
      >
        {(data) => (
          <Stack spacing={4}>
            {groupsOf(data).map(({ category, coins }) => (
              <Box
                component="section"
                key={category}
                aria-labelledby={`crypto-group-${category}`}
                data-testid="coin-group"
                data-category={category}
              >
                <Typography id={`crypto-group-${category}`} variant="h5" component="h2" sx={{ mb: 1.5 }}>
                  {CATEGORY_TITLES[category]}{" "}
                  <Typography component="span" variant="body1" color="text.secondary">
                    ({coins.length})
                  </Typography>
                </Typography>
                <Columns columns={GRID}>
                  {coins.map((coin) => (
                    <CoinCard key={coin.symbol} coin={coin} />
                  ))}
                </Columns>
              </Box>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
