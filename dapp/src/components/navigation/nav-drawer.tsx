import type { KeyboardEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Drawer from "@mui/material/Drawer";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { builtPagesBySection, findPath, SECTIONS } from "../../config/paths";
import { NAV_DRAWER_ID } from "./nav-ids";

const TITLE_ID = "nav-drawer-title";

/** Up/Down (wrapping), Home and End move between the drawer's links; Tab still works as everywhere. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>("a[href]")];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: links.length - 1 }[event.key];
  if (next === undefined || links.length === 0) return;
  event.preventDefault();
  links[(next + links.length) % links.length]!.focus();
}

/**
 * The navigation drawer: every built page of the page table (src/config/paths.ts) under its section, the
 * current one marked (aria-current="page"). A modal dialog: focus starts on the current page (or the first),
 * Escape, the backdrop, "Close" or choosing a page close it, and focus returns to the menu button.
 * Only built pages are offered (all of them now).
 */
export default function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const current = findPath(useLocation().pathname);
  const sections = builtPagesBySection();
  const focusFirst = !current?.built;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      anchor="left"
      id={NAV_DRAWER_ID}
      data-testid="nav-drawer"
      slotProps={{
        paper: {
          role: "dialog",
          "aria-modal": true,
          "aria-labelledby": TITLE_ID,
          sx: { width: 320, maxWidth: "85vw" },
        },
      }}
    >
      {/* The heading and Close stay in view; only the list scrolls (a short window, or focus on a page far down). */}
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          px: 2,
          py: 1,
          flexShrink: 0,
          borderBottom: 1,
          borderColor: "divider",
        }}
      >
        <Typography id={TITLE_ID} variant="h6" component="h2">
          Pages
        </Typography>
        <Button onClick={onClose} size="small">
          Close
        </Button>
      </Box>
      <Box component="nav" aria-labelledby={TITLE_ID} onKeyDown={moveFocus} sx={{ pb: 1, overflowY: "auto", flex: 1 }}>
        {sections.map(({ section, pages }, i) => {
          const headingId = `nav-section-${SECTIONS.indexOf(section)}`;
          return (
            <List
              key={section}
              dense
              disablePadding
              aria-labelledby={headingId}
              data-testid="nav-section"
              // Compact headings: the 17 built pages fit a 900 px high window.
              subheader={
                <ListSubheader id={headingId} sx={{ lineHeight: "32px", mt: i === 0 ? 0 : 1 }}>
                  {section}
                </ListSubheader>
              }
            >
              {pages.map((page, j) => {
                const here = page === current;
                return (
                  <li key={page.path}>
                    <ListItemButton
                      component={RouterLink}
                      to={page.path}
                      selected={here}
                      aria-current={here ? "page" : undefined}
                      // Only while open: choosing a page moves `here` as the drawer closes, and must not pull the focus back in.
                      autoFocus={open && (here || (focusFirst && i === 0 && j === 0))}
                      onClick={onClose}
                      data-testid="nav-link"
                    >
                      <ListItemText primary={page.title} />
                    </ListItemButton>
                  </li>
                );
              })}
            </List>
          );
        })}
      </Box>
    </Drawer>
  );
}
