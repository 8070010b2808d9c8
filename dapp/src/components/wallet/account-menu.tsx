import { useId, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import AddCircleOutlineIcon from "@mui/icons-material/AddCircleOutlineOutlined";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import LogoutIcon from "@mui/icons-material/Logout";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { useQueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import { useConnection, useDisconnect } from "wagmi";
import { useNetwork } from "../../lib/network/get-network";
import { shortenHex } from "../../lib/format";
import { AddressView } from "../address-view";
import { notify } from "../toast";
import { useAddHardhatNetwork } from "./use-add-hardhat-network";

/**
 * The connected address as a button; it opens the account menu: the address with its labels, copy, the
 * explorer (when the network has one), "Add the local Hardhat network" (on the local chain) and
 * Disconnect, which also ends the Sign-In with Ethereum session.
 */
export function AccountMenu({ address }: { address: Address }) {
  const { chain } = useConnection();
  const network = useNetwork();
  const queryClient = useQueryClient();
  const disconnect = useDisconnect();
  const addNetwork = useAddHardhatNetwork(network.data?.rpcUrl);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const explorer = network.data?.explorerBaseUrl;

  return (
    <>
      <Button
        data-testid="wallet-address"
        color="inherit"
        variant="outlined"
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`Account ${address}${chain ? ` on ${chain.name}` : " on an unsupported chain"}: open the account menu`}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ fontFamily: "monospace", whiteSpace: "nowrap" }}
      >
        {shortenHex(address)}
      </Button>
      <Menu
        id={menuId}
        data-testid="account-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ paper: { sx: { maxWidth: "min(360px, calc(100vw - 16px))" } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {chain ? `Connected on ${chain.name}` : "Connected on an unsupported chain"}
          </Typography>
          <AddressView address={address} />
        </Box>
        <Divider />
        <MenuItem
          data-testid="copy-address"
          onClick={() => {
            close();
            void navigator.clipboard?.writeText(address).then(
              () => notify({ variant: "success", title: "Address copied", description: address }),
              () =>
                notify({
                  variant: "error",
                  title: "Could not copy the address",
                  description: "The browser refused access to the clipboard.",
                }),
            );
          }}
        >
          <ListItemIcon>
            <ContentCopyIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Copy address</ListItemText>
        </MenuItem>
        {explorer ? (
          <MenuItem
            data-testid="account-explorer-link"
            component="a"
            href={`${explorer}/address/${address}`}
            target="_blank"
            rel="noopener noreferrer"
            onClick={close}
          >
            <ListItemIcon>
              <OpenInNewIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>View in explorer</ListItemText>
          </MenuItem>
        ) : null}
        {network.data?.network === "hardhat" && addNetwork.available ? (
          <MenuItem
            data-testid="add-hardhat-network"
            disabled={addNetwork.isPending}
            onClick={() => {
              close();
              addNetwork.mutate();
            }}
          >
            <ListItemIcon>
              <AddCircleOutlineIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Add the local Hardhat network</ListItemText>
          </MenuItem>
        ) : null}
        <MenuItem
          data-testid="disconnect-button"
          onClick={() => {
            close();
            disconnect.mutate();
            // A session acts for the wallet on the server: leaving with the wallet ends it too.
            void import("../session/sign-out")
              .then(({ signOutIfSignedIn }) => signOutIfSignedIn(queryClient))
              .catch(() => {});
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Disconnect</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
