import { useEffect, useId, useRef, useState } from "react";
import Button from "@mui/material/Button";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { useConnect, useConnection, type Connector } from "wagmi";
import { describeError } from "../../lib/api-client";
import { shortenHex } from "../../lib/format";
import { isUserRejection } from "../../lib/wallet-errors";
import { INSTALL_WALLET_URL, usableWallets } from "./usable-wallets";
import { notify } from "../toast";

function WalletIcon({ connector }: { connector: Connector }) {
  return connector.icon ? <img src={connector.icon} alt="" width={24} height={24} /> : null;
}

/**
 * "Connect Wallet": with one wallet found it connects to it; otherwise a menu lists the wallets found,
 * or, with none, says so and links to MetaMask's install page. `openOnMount`: the visitor pressed the app
 * bar's Connect before this code was loaded (a browser without a wallet): the press counts, once.
 */
export function ConnectMenu({
  connectors,
  openOnMount = false,
}: {
  connectors: readonly Connector[];
  openOnMount?: boolean;
}) {
  const { status } = useConnection();
  // The spec's toasts (part 2 §8), for every page: "Wallet Connected!" with the short address, or
  // "Connection Failed" with the reason; a declined request is the user's choice, so a warning. On the
  // hook, not on mutate(): a connect replaces this menu with the account menu, and mutate()'s callbacks
  // are dropped once their component has unmounted.
  const connect = useConnect({
    mutation: {
      onSuccess: ({ accounts }) => {
        const first = accounts[0];
        const address = typeof first === "string" ? first : first?.address; // an object when capabilities were asked
        notify({
          variant: "success",
          title: "Wallet Connected!",
          description: address ? shortenHex(address) : undefined,
        });
      },
      onError: (error) =>
        notify(
          isUserRejection(error)
            ? {
                variant: "warning",
                title: "Connection Failed",
                description: "The wallet declined the connection request.",
              }
            : {
                variant: "error",
                title: "Connection Failed",
                description: describeError(error) || "Failed to connect wallet",
              },
        ),
    },
  });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const wallets = usableWallets(connectors);
  const only = wallets.length === 1 ? wallets[0] : undefined;

  const connectTo = (connector: Connector) => {
    setAnchor(null);
    connect.mutate({ connector });
  };

  const button = useRef<HTMLButtonElement>(null);
  const pressedBeforeLoad = useRef(openOnMount);
  // After every render until it has fired once (the ref guards it): the wallets may be discovered a render late.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!pressedBeforeLoad.current || !button.current) return;
    pressedBeforeLoad.current = false;
    // The button the visitor pressed was replaced by this one: focus moves here, so the menu gives it back on close.
    button.current.focus();
    if (only) connectTo(only);
    else setAnchor(button.current);
  });

  return (
    <>
      <Button
        ref={button}
        data-testid="connect-wallet-button"
        color="inherit"
        variant="outlined"
        startIcon={only?.icon ? <WalletIcon connector={only} /> : undefined}
        title={only ? `Connect ${only.name}` : undefined}
        aria-haspopup={only ? undefined : "menu"}
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        disabled={connect.isPending || status === "reconnecting"}
        onClick={(e) => (only ? connectTo(only) : setAnchor(e.currentTarget))}
        sx={{ whiteSpace: "nowrap" }}
      >
        {connect.isPending ? "Connecting…" : "Connect Wallet"}
      </Button>
      <Menu
        id={menuId}
        data-testid="connect-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
      >
        {wallets.length
          ? wallets.map((connector) => (
              <MenuItem key={connector.uid} data-testid="wallet-option" onClick={() => connectTo(connector)}>
                <ListItemIcon>
                  <WalletIcon connector={connector} />
                </ListItemIcon>
                <ListItemText>{connector.name}</ListItemText>
              </MenuItem>
            ))
          : [
              <MenuItem
                key="none"
                data-testid="no-wallet-message"
                disabled
                sx={{ "&.Mui-disabled": { opacity: 1 }, whiteSpace: "normal", maxWidth: 320 }}
              >
                <ListItemText
                  primary="No Wallet Found"
                  secondary="No browser wallet was found in this browser. Install one to connect."
                />
              </MenuItem>,
              <MenuItem
                key="install"
                data-testid="install-wallet-link"
                component="a"
                href={INSTALL_WALLET_URL}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => setAnchor(null)}
              >
                <ListItemText>Install MetaMask</ListItemText>
                <OpenInNewIcon fontSize="small" sx={{ ml: 1 }} aria-hidden />
              </MenuItem>,
            ]}
      </Menu>
    </>
  );
}
