import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { ExplorerLink } from "../../../components/explorer-link";
import { Fact, Facts } from "../../../components/facts";
import type { CoinEntryAnswer } from "../api/contract";
import { ATTESTATION_WORDS } from "../utils/levels";
import { LevelBadge, StatusPill } from "./level-badge";

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
        <Facts>
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
        </Facts>
      </CardContent>
    </Card>
  );
}
