import Box from "@mui/material/Box";
import GlobalStyles from "@mui/material/GlobalStyles";
import Typography from "@mui/material/Typography";
import { darken, type Theme } from "@mui/material/styles";
import type { OptionsObject, SnackbarMessage, SnackbarOrigin } from "notistack";
import { theme } from "../config/theme";

/**
 * `simulated`: an outcome that was signed offline and never submitted. It is never shown as a success
 * (no green, no success icon), whatever the operation's own wording.
 */
export type ToastVariant = "success" | "simulated" | "error" | "warning" | "info";

/**
 * Toasts appear top-centre, just below the app bar, on a screen at least 600 px wide: the results lists sit in the
 * right column there, where a bottom or right toast covered the new result; the page title is left-aligned beside
 * it. On a phone they rise from the bottom instead: at the top they covered both the page title and the wallet
 * controls. At most 480 px wide, long words (a transaction hash) broken: centred on a 1280 px window a toast then
 * spans 400-880 px, clear of a page title of ordinary length (a 66-character hash made one 632 px wide, over the
 * faucet's title).
 */
export const TOAST_ANCHOR: SnackbarOrigin = { vertical: "top", horizontal: "center" };
const TOAST_MAX_WIDTH = 480;
export const NARROW_TOAST_ANCHOR: SnackbarOrigin = { vertical: "bottom", horizontal: "center" };
const narrowScreen = () =>
  typeof window !== "undefined" && (window.matchMedia?.("(max-width: 599.95px)").matches ?? false);

/**
 * Each variant's fill and ink, from the theme's palette, all at least 4.5:1 (notistack's own green, orange
 * and blue under white text are 3.3, 2.2 and 3.1:1). Simulated uses the Simulated badge's darkened orange.
 */
export function toastColors(t: Theme): Record<ToastVariant, { background: string; color: string }> {
  return {
    success: { background: t.palette.success.dark, color: t.palette.success.contrastText },
    simulated: { background: darken(t.palette.warning.main, 0.3), color: "#fff" },
    error: { background: t.palette.error.dark, color: t.palette.error.contrastText },
    warning: { background: darken(t.palette.warning.main, 0.3), color: "#fff" },
    info: { background: t.palette.info.dark, color: t.palette.info.contrastText },
  };
}

const notistackVariant = {
  success: "success",
  simulated: "default",
  error: "error",
  warning: "warning",
  info: "info",
} as const;

/**
 * Moves the toast container below the sticky app bar (the theme's toolbar height, 56 px or 64 px). It is
 * rendered with each toast, so it holds exactly while a toast is shown, wherever the provider puts them.
 * `body` raises it above notistack's own one-class `top: 14px`, which otherwise won whenever its style
 * was inserted later: at 390 px "Wallet Connected!" then covered the account button for its 5 seconds.
 */
const placeBelowAppBar = (
  <GlobalStyles
    styles={(t) => ({
      "body .notistack-SnackbarContainer": {
        top: "64px",
        [t.breakpoints.up("sm")]: { top: "72px" },
      },
    })}
  />
);

type Enqueue = (message: SnackbarMessage, options: OptionsObject) => unknown;
let enqueue: Enqueue | null = null;
const waiting: [SnackbarMessage, OptionsObject][] = [];

/**
 * The toast host (src/app/toasts.tsx, notistack's provider, a lazy chunk) calls this once mounted; toasts
 * asked for before that wait here and show then. So notistack stays out of the first load, and no toast
 * is lost (notistack's own enqueueSnackbar throws before its provider exists).
 */
export function toastHostReady(fn: Enqueue | null): void {
  enqueue = fn;
  if (fn) for (const [message, options] of waiting.splice(0)) fn(message, options);
}

function show(message: SnackbarMessage, options: OptionsObject) {
  if (enqueue) enqueue(message, options);
  else waiting.push([message, options]);
}

/** Shows a toast in the shared toast area (the app's SnackbarProvider). */
export function notify({
  variant,
  title,
  description,
}: {
  variant: ToastVariant;
  title: string;
  description?: string;
}) {
  const narrow = narrowScreen();
  show(
    <Box data-testid="toast" data-variant={variant} role={variant === "error" ? "alert" : "status"}>
      {narrow ? null : placeBelowAppBar}
      <Typography data-testid="toast-title" variant="subtitle2" component="div" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {description ? (
        <Typography data-testid="toast-description" variant="body2" component="div" sx={{ whiteSpace: "pre-line" }}>
          {description}
        </Typography>
      ) : null}
    </Box>,
    {
      variant: notistackVariant[variant],
      anchorOrigin: narrow ? NARROW_TOAST_ANCHOR : TOAST_ANCHOR,
      // One toast per outcome: the same words again (a second click on a refused form) do not stack a copy.
      key: `${variant}|${title}|${description ?? ""}`,
      preventDuplicate: true,
      style: { ...toastColors(theme)[variant], maxWidth: TOAST_MAX_WIDTH, overflowWrap: "anywhere" },
      autoHideDuration: variant === "error" ? 10_000 : variant === "simulated" ? 8_000 : 6_000,
    },
  );
}
