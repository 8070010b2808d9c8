import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { Columns } from "../../../components/columns";
import { Notice } from "../../../components/notice";
import { UrlTabs, type UrlTab } from "../../../components/page-shell";
import { paths, type PathKey } from "../../../config/paths";

type DemoTab = "overview" | "security" | "phone-app" | "compliance";

/** Each tab: what to show a committee, as links into the real pages (the page table's entries). */
const DEMO: Record<DemoTab, { label: string; intro: string; pages: { key: PathKey; what: string }[]; note?: string }> =
  {
    overview: {
      label: "Overview",
      intro: "The platform as a whole: its ledgers, its contracts and its figures, each read from its source.",
      pages: [
        { key: "unifiedPlatform", what: "The status of every ledger and the dashboard's operations, run for real." },
        {
          key: "technicalIntegrationOverview",
          what: "The deploy map read against the chain, and the API's own description.",
        },
        { key: "multiBlockchainMinting", what: "Mint on the local chain, Stellar and the XRP Ledger." },
      ],
    },
    security: {
      label: "Security",
      intro: "Security tests run against this very API, and post-quantum protection of stored files.",
      pages: [
        { key: "governmentSecurityDashboard", what: "The security suite's probes and their results." },
        {
          key: "isolatorDashboard",
          what: "Files stored under ML-DSA-65 and ML-KEM envelopes, re-verified in the background.",
        },
        { key: "authenticNetworkVerification", what: "Each network's identity checked live." },
      ],
    },
    "phone-app": {
      label: "Phone app",
      intro: "There is no phone app: the pages are built to work on a 390 px phone screen in the browser.",
      note: "No native phone application exists in this product, and nothing here protects or measures a phone.",
      pages: [
        {
          key: "authenticUserOnboarding",
          what: "Start on a phone: connect a wallet, claim test tokens, each step checked on chain.",
        },
        { key: "testnetXqbFaucet", what: "Claim test XQB, ETH and USDC." },
      ],
    },
    compliance: {
      label: "Compliance",
      intro: "The GENIUS Act rules computed from the chain, and the readiness assessments behind the deck's figures.",
      pages: [
        {
          key: "professionalDevelopment",
          what: "The compliance audit, load, penetration and disaster-recovery tests.",
        },
        { key: "realTestnetOperations", what: "Compliance validation and official government figures." },
        { key: "mainnetReadinessDashboard", what: "What stands between this testnet and mainnet." },
      ],
    },
  };

function DemoPanel({ tab }: { tab: DemoTab }) {
  const d = DEMO[tab];
  const pages = d.pages.filter((p) => paths[p.key].built);
  return (
    <Box data-testid="demo-panel" data-demo={tab} sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Typography variant="body1">{d.intro}</Typography>
      {d.note ? (
        <Notice severity="info" role="note">
          {d.note}
        </Notice>
      ) : null}
      <Columns columns={{ xs: 1, md: 3 }}>
        {pages.map((p) => (
          <Card key={p.key} variant="outlined">
            <CardActionArea
              component={RouterLink}
              to={paths[p.key].path}
              data-testid="demo-link"
              sx={{ height: "100%" }}
            >
              <CardContent>
                <Typography variant="h6" component="h3">
                  {paths[p.key].title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {p.what}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Columns>
    </Box>
  );
}

const TABS: readonly UrlTab<DemoTab>[] = (Object.keys(DEMO) as DemoTab[]).map((id) => ({
  id,
  label: DEMO[id].label,
  content: <DemoPanel tab={id} />,
}));

/** The interactive demo: four tabs, each leading into the real pages that show it. */
export function InteractiveDemo() {
  return <UrlTabs tabs={TABS} defaultTab="overview" label="Demo" idPrefix="demo" />;
}
