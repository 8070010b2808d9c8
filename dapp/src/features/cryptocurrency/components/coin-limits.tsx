import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Notice } from "../../../components/notice";
import type { CoinEntryAnswer } from "../api/contract";
import { TEST_AMOUNT } from "../constants";
import { compareDecimal } from "../utils/amount";
import { Fact, Facts } from "../../../components/facts";
import { LevelBadge } from "./level-badge";
import { noMemoWords } from "./memo-field";

const mono = { fontFamily: "monospace" } as const;

/** The chosen coin's rules before any click: decimals, bounds, the memo and where it goes, the accounts, the signer. */
export function CoinLimits({ coin }: { coin: CoinEntryAnswer }) {
  const limits = coin.limits;
  if (!limits) return null;
  const chainMinHigher = compareDecimal(limits.minAmount, TEST_AMOUNT.min) > 0;
  return (
    <Box
      data-testid="coin-limits"
      data-symbol={coin.symbol}
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5, minWidth: 0, overflowWrap: "anywhere" }}
    >
      <Stack spacing={1}>
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {coin.name} on {coin.testnet.name}
          </Typography>
          <LevelBadge level={coin.level} testId="limits-level" />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {coin.levelReason}
        </Typography>
        {coin.status === "UNAVAILABLE" ? (
          <Notice severity="warning" data-testid="coin-unavailable">
            {coin.symbol} does not work right now; a test will most likely fail with the reason.
          </Notice>
        ) : null}
        <Facts>
          <Fact term="Decimals" testId="limit-decimals">
            {limits.decimals}
          </Fact>
          <Fact term="Minimum" testId="limit-min">
            {chainMinHigher
              ? `${limits.minAmount} ${coin.symbol} (the chain's minimum)`
              : `${TEST_AMOUNT.min} ${coin.symbol} (this form's; the chain's is ${limits.minAmount})`}
          </Fact>
          <Fact term="Maximum" testId="limit-max">
            {limits.maxAmount} {coin.symbol} (what our test account signs for)
          </Fact>
          <Fact term="Memo" testId="limit-memo">
            {limits.memoMaxBytes === null
              ? `none: ${noMemoWords(limits.memoNote)}`
              : `up to ${limits.memoMaxBytes} bytes, in ${limits.memoNote}`}
          </Fact>
          {coin.accounts ? (
            <Fact term="From → to" testId="limit-accounts">
              <Box component="span" sx={mono}>
                {coin.accounts.from}
              </Box>{" "}
              →{" "}
              <Box component="span" sx={mono}>
                {coin.accounts.to}
              </Box>
              <Typography component="span" variant="caption" color="text.secondary" sx={{ display: "block" }}>
                our test accounts on {coin.testnet.name}: your wallet signs nothing here
              </Typography>
            </Fact>
          ) : null}
          {coin.library ? (
            <Fact term="Signed with" testId="limit-library">
              {coin.library.name}
              {coin.library.version ? ` ${coin.library.version}` : ""}
            </Fact>
          ) : null}
          {coin.idRule ? (
            <Fact term="Id rule" testId="limit-id-rule">
              {coin.idRule}
            </Fact>
          ) : null}
        </Facts>
      </Stack>
    </Box>
  );
}
