/** The drawer's element id, for the menu button's aria-controls (kept apart so the button need not import the drawer). */
export const NAV_DRAWER_ID = "nav-drawer";
