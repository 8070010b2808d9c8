import { lazy, Suspense, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { visuallyHidden } from "../visually-hidden";
import { NAV_DRAWER_ID } from "./nav-ids";

// The drawer (MUI Drawer, Modal, List) is a chunk of its own: only this button is in every page's first
// load. It loads when the pointer or the focus reaches the button, so it is there by the time of the click.
const loadDrawer = () => import("./nav-drawer");
const NavDrawer = lazy(loadDrawer);
const preload = () => void loadDrawer().catch(() => {}); // a failed preload is retried by the click's lazy()

/** Three bars, drawn here: an icon package would add its SvgIcon to the first load for one glyph. */
function MenuGlyph() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
    </svg>
  );
}

/**
 * The app bar's menu button: opens the drawer that lists every built page by section (nav-drawer.tsx).
 * Its name is "Menu" at every width; on a phone the word is for screen readers only.
 */
export function NavMenuButton() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false); // mounted from the first open on, so closing can animate
  return (
    <>
      <Button
        color="inherit"
        data-testid="nav-menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? NAV_DRAWER_ID : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        sx={{ minWidth: 0, px: 1, flexShrink: 0, gap: 1 }}
      >
        <MenuGlyph />
        <Box component="span" sx={(theme) => ({ [theme.breakpoints.down("sm")]: visuallyHidden })}>
          Menu
        </Box>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <NavDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
