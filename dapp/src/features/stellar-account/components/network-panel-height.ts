/**
 * The network panel's height on a phone and from 600 px with the offline answer (its longest), measured in
 * Chromium: its placeholder's while the code loads and its least while the answer is read, so the key form
 * below does not move when either arrives (Lighthouse counted a 0.14 layout shift on a phone). Its own
 * module: the page's first load takes the number without the panel.
 */
export const NETWORK_PANEL_HEIGHT = { xs: 142, sm: 118 } as const;
