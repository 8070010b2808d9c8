import { SnackbarProvider } from "notistack";

/**
 * The toast host: notistack's provider on its own (toast.tsx's `notify` reaches it through notistack's
 * global enqueueSnackbar). A lazy chunk: toasts follow a user's action, never the first paint.
 */
export default function Toasts({ domRoot }: { domRoot: HTMLElement }) {
  return <SnackbarProvider maxSnack={4} anchorOrigin={{ vertical: "bottom", horizontal: "right" }} domRoot={domRoot} />;
}
