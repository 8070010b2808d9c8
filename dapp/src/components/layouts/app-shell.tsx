import { lazy, memo, Suspense, useEffect, useState } from "react";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { ErrorBoundary } from "react-error-boundary";
import { Link as RouterLink, Outlet, useLocation } from "react-router-dom";
import { findPath, paths } from "../../config/paths";
import { useIdle } from "../../lib/use-idle";
import { LoadError } from "../load-error";
import { NavMenuButton } from "../navigation/nav-menu-button";
import { setNoWalletFound } from "../wallet/wallet-account";
import { useWalletPresent } from "../wallet/wallet-presence";

// The wallet control (wagmi, viem, the menus) is its own chunk: loaded after the shell has painted when the
// browser has a wallet, or when the visitor presses Connect; never for a visitor without one who does not.
const WalletControl = memo(lazy(() => import("../wallet/wallet-control")));

/**
 * The wallet button before its chunk is there, the same size, so nothing moves when it arrives. Without
 * `onConnect` it waits (disabled) for the chunk; with it, it is the Connect button of a browser without a
 * wallet: pressing it loads the control, which opens its menu ("No Wallet Found", the install link).
 */
function WalletPlaceholder({ onConnect }: { onConnect?: () => void }) {
  return (
    <Button
      data-testid="connect-wallet-button"
      color="inherit"
      variant="outlined"
      disabled={!onConnect}
      aria-haspopup={onConnect ? "menu" : undefined}
      onClick={onConnect}
      sx={{ whiteSpace: "nowrap", "&.Mui-disabled": { color: "inherit", borderColor: "currentColor", opacity: 0.7 } }}
    >
      Connect Wallet
    </Button>
  );
}

/** The app bar's title on a phone (under 600 px), where the full name would be cut. */
export const SHORT_TITLE = "XQB Testnet";

export function PageLoading() {
  return (
    <Box
      data-testid="page-loading"
      role="status"
      aria-label="Loading page"
      sx={{ display: "flex", justifyContent: "center", py: 8 }}
    >
      <CircularProgress />
    </Box>
  );
}

export function AppShell() {
  const { pathname } = useLocation();
  const title = findPath(pathname)?.title ?? "Page not found";
  // Under the toolbar, inside the sticky bar: the wrong-network banner renders here (a portal from the wallet chunk).
  const [bannerSlot, setBannerSlot] = useState<HTMLDivElement | null>(null);
  // The wallet control (and wagmi, viem) starts once the page's first render is done, not during it, and
  // only with a wallet in the browser or once the visitor asks for it.
  const idle = useIdle();
  const walletPresent = useWalletPresent();
  const [connectPressed, setConnectPressed] = useState(false);
  useEffect(() => {
    if (!walletPresent) setNoWalletFound();
  }, [walletPresent]);
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <title>{pathname === "/" ? title : `${title} · ${paths.home.title}`}</title>
      <AppBar position="sticky" elevation={1}>
        <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
          {/* Every built page, by section (the page table), in a drawer; the drawer's code loads on demand. */}
          <NavMenuButton />
          {/* The title never ends mid-word: "XQB Testnet" on a phone, the full name from 600 px, either wrapping at
              a space when the wallet controls need the room. The link's name is the text it shows (WCAG 2.5.3, label in
              name: an aria-label of the full name failed Lighthouse's label-content-name-mismatch on a phone); its
              title gives the full name. */}
          <Link
            component={RouterLink}
            to={paths.home.path}
            color="inherit"
            underline="none"
            title={paths.home.title}
            data-testid="app-title"
            sx={{ flexGrow: 1, minWidth: 0 }}
          >
            <Typography
              variant="h6"
              component="span"
              sx={{ display: "block", lineHeight: 1.25, fontSize: { xs: "1.125rem", sm: "1.25rem" } }}
            >
              <Box component="span" data-testid="app-title-short" sx={{ display: { xs: "inline", sm: "none" } }}>
                {SHORT_TITLE}
              </Box>
              <Box component="span" data-testid="app-title-full" sx={{ display: { xs: "none", sm: "inline" } }}>
                {paths.home.title}
              </Box>
            </Typography>
          </Link>
          {connectPressed || (walletPresent && idle) ? (
            <Suspense fallback={<WalletPlaceholder />}>
              <WalletControl bannerSlot={bannerSlot} openConnect={connectPressed} />
            </Suspense>
          ) : (
            <WalletPlaceholder onConnect={walletPresent ? undefined : () => setConnectPressed(true)} />
          )}
        </Toolbar>
        <div data-testid="wallet-banner-slot" ref={setBannerSlot} />
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: 4, flexGrow: 1 }}>
        {/* A page that cannot load or throws keeps the app bar and says so; moving to another page resets it. */}
        <ErrorBoundary
          resetKeys={[pathname]}
          fallbackRender={({ error }) => <LoadError error={error} what="This page" testId="page-error" />}
        >
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Container>
    </Box>
  );
}
