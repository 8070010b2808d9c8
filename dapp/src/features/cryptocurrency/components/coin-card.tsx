import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { ExplorerLink } from "../../../components/explorer-link";
import type { CoinEntryAnswer } from "../api/contract";
import { ATTESTATION_WORDS } from "../utils/levels";
import { LevelBadge, StatusPill } from "./level-badge";

/** A term and its value in a card's two-column list: the value wraps anywhere (hashes, passphrases). */
export function Fact({ term, children, testId }: { term: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: "contents" }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        data-testid={testId}
        sx={{ m: 0, minWidth: 0, overflowWrap: "anywhere" }}
      >
        {children}
      </Typography>
    </Box>
  );
}

export const factList = {
  m: 0,
  display: "grid",
  gridTemplateColumns: "minmax(0, max-content) minmax(0, 1fr)",
  columnGap: 1.5,
  rowGap: 0.5,
} as const;

/** Our own faucet page through the router; a public faucet in a new tab. */
export function FaucetLink({ faucet }: { faucet: { name: string; url: string } }) {
  return faucet.url.startsWith("/") ? (
    <Link component={RouterLink} to={faucet.url} data-testid="coin-faucet-link">
      {faucet.name}
    </Link>
  ) : (
    <Box component="span" data-testid="coin-faucet-link" sx={{ display: "inline-flex" }}>
      <ExplorerLink href={faucet.url} label={faucet.name} />
    </Box>
  );
}

/**
 * One coin, saying honestly what it can do here: its level badge and the reason in words, the testnet it targets
 * (name and id), the library that signs its transactions, its faucet, its status and what the attestation means.
 */
export function CoinCard({ coin }: { coin: CoinEntryAnswer }) {
  const { testnet } = coin;
  return (
    <Card
      variant="outlined"
      data-testid="coin-card"
      data-symbol={coin.symbol}
      data-level={coin.level}
      sx={{ height: "100%", minWidth: 0 }}
    >
      <CardContent component={Stack} spacing={1} sx={{ "&:last-child": { pb: 2 } }}>
        <Box sx={{ display: "flex", alignItems: "baseline", gap: 1, flexWrap: "wrap" }}>
          <Typography variant="h6" component="h3" sx={{ lineHeight: 1.3 }}>
            {coin.symbol}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0 }}>
            {coin.name}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 0.5 }}>
          <LevelBadge level={coin.level} />
          <StatusPill status={coin.status} />
        </Stack>
        <Typography variant="body2" data-testid="coin-level-reason" sx={{ overflowWrap: "anywhere" }}>
          {coin.levelReason}
        </Typography>
        <Box component="dl" sx={factList}>
          <Fact term="Testnet" testId="coin-testnet">
            {coin.hasTestnet ? testnet.name : "none"}
          </Fact>
          {testnet.id !== null ? (
            <Fact term="Testnet id" testId="coin-testnet-id">
              <Box component="span" sx={{ fontFamily: "monospace", fontSize: "0.8125rem" }}>
                {testnet.id}
              </Box>
              {testnet.idKind ? (
                <Typography component="span" variant="caption" color="text.secondary" sx={{ display: "block" }}>
                  {testnet.idKind}
                </Typography>
              ) : null}
            </Fact>
          ) : null}
          <Fact term="Library" testId="coin-library">
            {coin.library ? `${coin.library.name}${coin.library.version ? ` ${coin.library.version}` : ""}` : "none"}
          </Fact>
          <Fact term="Faucet" testId="coin-faucet">
            {coin.hasFaucet && coin.faucet ? <FaucetLink faucet={coin.faucet} /> : "none"}
          </Fact>
          <Fact term="Attested" testId="coin-attested">
            {coin.quantumSecured ? `Yes: ${ATTESTATION_WORDS}` : "No: nothing runs here to attest"}
          </Fact>
        </Box>
      </CardContent>
    </Card>
  );
}
