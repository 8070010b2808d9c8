import { useState } from "react";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { PageShell, UrlTabs, type UrlTab } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { useFollowedTransfer } from "../hooks/use-followed-transfer";

// The form signs with the wallet (wagmi and viem with it), the way back loads the ledgers' SDKs when it
// pays, the lists bring MUI's table: all after the first paint. The first load is the shell, the steps
// in words and the tab bar.
const formLoading = <PartLoading minHeight={420} label="Loading the form" />;
const SendForm = lazyPart(() => import("./send-form").then((m) => m.SendForm), {
  wallet: true,
  fallback: formLoading,
  name: "The transfer form",
});
const WayBackForm = lazyPart(() => import("./way-back-form").then((m) => m.WayBackForm), {
  fallback: formLoading,
  name: "The way back",
});
const MyTransfers = lazyPart(() => import("./my-transfers").then((m) => m.MyTransfers), { name: "Your transfers" });
const FollowedTransfer = lazyPart(() => import("./followed-transfer").then((m) => m.FollowedTransfer), {
  fallback: <PartLoading minHeight={240} label="Loading the transfer" />,
  name: "The transfer",
});

const HOW = [
  "Choose Stellar or the XRPL and the address there (it needs the XQB trust line).",
  "Approve and lock XQB in the BridgeEscrow contract, in your wallet.",
  "The relayer sees the Locked event and pays the same XQB from the issuer there: locked → relaying → delivered.",
  "Not delivered by the deadline? The escrow refunds you on the local chain. The way back: pay XQB to the issuer with your EVM address in the memo.",
];

/** /testnet-cross-chain-demo: one transfer, step by step, followed in `?transfer=` (tab in `?tab=`). */
export function CrossChainDemoPage() {
  const [followed, follow] = useFollowedTransfer();
  // The transfer made on this page just now: its ending is announced whatever its first reading.
  const [fresh, setFresh] = useState<string | null>(null);
  const followFresh = (id: string) => {
    setFresh(id);
    follow(id);
  };
  const tabs: UrlTab<"send" | "back" | "mine">[] = [
    { id: "send", label: "Send", content: <SendForm onLocked={followFresh} />, preload: SendForm.preload },
    { id: "back", label: "The way back", content: <WayBackForm onPaid={followFresh} />, preload: WayBackForm.preload },
    { id: "mine", label: "Your transfers", content: <MyTransfers onFollow={follow} />, preload: MyTransfers.preload },
  ];
  return (
    <PageShell
      testId="cross-chain-demo-page"
      title={paths.testnetCrossChainDemo.title}
      subtitle="Bridge XQB from the local chain to Stellar or the XRP Ledger and back, one transfer at a time, with every hash on both sides. Each ledger says whether it is Live or Simulated, and why."
    >
      <Box component="ol" sx={{ m: 0, pl: 3, color: "text.secondary", typography: "body2" }} data-testid="bridge-how">
        {HOW.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </Box>
      {followed ? (
        <FollowedTransfer key={followed} id={followed} fresh={fresh === followed} onClose={() => follow(null)} />
      ) : null}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <UrlTabs tabs={tabs} defaultTab="send" label="Cross-chain transfer" idPrefix="bridge" />
      </Paper>
      <Typography variant="caption" color="text.secondary">
        Many transfers at once, and the escrow's books against the delivered supply:{" "}
        <Link component={RouterLink} to={paths.realCrossChainTesting.path} data-testid="to-real-testing">
          {paths.realCrossChainTesting.title}
        </Link>
        .
      </Typography>
    </PageShell>
  );
}
