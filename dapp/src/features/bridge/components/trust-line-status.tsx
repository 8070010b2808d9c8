import Link from "@mui/material/Link";
import { Link as RouterLink } from "react-router-dom";
import { Notice } from "../../../components/notice";
import { paths } from "../../../config/paths";
import type { BridgeLedger } from "../api/types";
import type { LedgerAccountView } from "../hooks/ledger-accounts";

const KEY_PAGE: Record<BridgeLedger, { path: string; title: string }> = {
  stellar: paths.stellarKeyInput,
  xrpl: paths.xrpAccountTesting,
};

/**
 * Whether the destination can receive XQB: an account without the XQB trust line (to our issuer) makes
 * the delivery fail, and the lock is refunded after the deadline. Says so before the lock, with the page
 * that adds the trust line.
 */
export function TrustLineStatus({
  ledger,
  account,
  loading,
  issuer,
}: {
  ledger: BridgeLedger;
  account: LedgerAccountView | undefined;
  loading: boolean;
  issuer: string | null;
}) {
  const page = KEY_PAGE[ledger];
  const link = (
    <Link component={RouterLink} to={page.path} data-testid="trust-line-link">
      {page.title}
    </Link>
  );
  if (loading) return null;
  if (!issuer)
    return (
      <Notice severity="info" role="status" data-testid="trust-line-unknown">
        The issuer is not known yet (the bridge summary has not loaded), so the trust line cannot be checked.
      </Notice>
    );
  if (!account || account.xqbTrustLine === null) {
    return (
      <Notice severity="info" role="status" data-testid="trust-line-unknown">
        The destination's account could not be read, so its XQB trust line is not checked. Without one the delivery
        fails and the lock is refunded. Add it on {link}.
      </Notice>
    );
  }
  if (!account.exists) {
    return (
      <Notice severity="warning" data-testid="trust-line-missing" data-reason="no-account">
        This account does not exist on {ledger === "stellar" ? "Stellar" : "the XRPL"} yet: fund it and add the XQB
        trust line on {link}, or the lock will be refunded.
      </Notice>
    );
  }
  if (!account.xqbTrustLine) {
    return (
      <Notice severity="warning" data-testid="trust-line-missing" data-reason="no-trust-line">
        This account has no XQB trust line to the issuer {issuer}: the delivery would fail and the lock be refunded
        after the deadline. Add the trust line on {link}.
      </Notice>
    );
  }
  return (
    <Notice severity="success" role="status" data-testid="trust-line-ok">
      The account holds the XQB trust line{account.xqbBalance !== null ? ` (balance ${account.xqbBalance} XQB)` : ""}.
    </Notice>
  );
}
