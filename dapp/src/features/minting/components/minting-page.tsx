import { useState, type ReactNode } from "react";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Box from "@mui/material/Box";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "../../../config/paths";
import { EthMintTab } from "./eth-mint-tab";
import { InfoCards } from "./info-cards";
import { MintResultsList } from "./mint-results-list";
import { NetworkStatusCards } from "./network-status-cards";
import { StellarMintTab } from "./stellar-mint-tab";
import { XrpVolumeTab } from "./xrp-volume-tab";

const TABS = [
  { id: "eth", label: "ETH to XQB", Panel: EthMintTab },
  { id: "xlm", label: "XLM to VibeCoins", Panel: StellarMintTab },
  { id: "xrp", label: "XRP volume", Panel: XrpVolumeTab },
] as const;
type TabId = (typeof TABS)[number]["id"];

// Panels stay mounted while hidden so a mint started on one tab still reports when the user switches.
function TabPanel({ id, active, children }: { id: TabId; active: boolean; children: ReactNode }) {
  return (
    <Box role="tabpanel" id={`mint-tabpanel-${id}`} aria-labelledby={`mint-tab-${id}`} hidden={!active} data-testid={`tabpanel-${id}`} sx={{ pt: 3 }}>
      {children}
    </Box>
  );
}

export function MintingPage() {
  const [tab, setTab] = useState<TabId>("eth");
  return (
    <Stack spacing={3} data-testid="minting-page">
      <div>
        <Link
          component={RouterLink}
          to={paths.unifiedPlatform.path}
          data-testid="back-link"
          underline="hover"
          sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, mb: 1 }}
        >
          <ArrowBackIcon fontSize="small" aria-hidden /> Back to {paths.unifiedPlatform.title}
        </Link>
        <Typography variant="h4" component="h1">
          {paths.multiBlockchainMinting.title}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          Mint on three testnets. Every result says whether it was submitted to the ledger (Live) or signed offline
          and never submitted (Simulated), and why.
        </Typography>
      </div>
      <InfoCards />
      <NetworkStatusCards />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Tabs value={tab} onChange={(_, value: TabId) => setTab(value)} aria-label="Minting actions" variant="scrollable" allowScrollButtonsMobile>
              {TABS.map((t) => (
                <Tab key={t.id} value={t.id} label={t.label} id={`mint-tab-${t.id}`} aria-controls={`mint-tabpanel-${t.id}`} data-testid={`tab-${t.id}`} />
              ))}
            </Tabs>
            {TABS.map(({ id, Panel }) => (
              <TabPanel key={id} id={id} active={tab === id}>
                <Panel />
              </TabPanel>
            ))}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <MintResultsList />
        </Grid>
      </Grid>
    </Stack>
  );
}
