import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { OptionsObject, SnackbarMessage } from "notistack";

export type ToastVariant = "success" | "error" | "warning" | "info";

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
export function notify({ variant, title, description }: { variant: ToastVariant; title: string; description?: string }) {
  show(
    <Box data-testid="toast" data-variant={variant} role={variant === "error" ? "alert" : "status"}>
      <Typography data-testid="toast-title" variant="subtitle2" component="div" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {description ? (
        <Typography data-testid="toast-description" variant="body2" component="div" sx={{ whiteSpace: "pre-line" }}>
          {description}
        </Typography>
      ) : null}
    </Box>,
    { variant, autoHideDuration: variant === "error" ? 10_000 : 6_000 },
  );
}
