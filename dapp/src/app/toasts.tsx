import { useEffect } from "react";
import { enqueueSnackbar, SnackbarProvider } from "notistack";
import { toastHostReady } from "../components/toast";

/**
 * The toast host: notistack's provider on its own, a lazy chunk mounted once the page is idle (toasts
 * follow a user's action or a failed read, never the first paint). `notify` (components/toast.tsx) reaches
 * it through notistack's global enqueueSnackbar, which the provider sets when it is created; toasts asked
 * for earlier wait in toast.tsx and show now.
 */
export default function Toasts({ domRoot }: { domRoot: HTMLElement }) {
  useEffect(() => {
    toastHostReady(enqueueSnackbar);
    return () => toastHostReady(null);
  }, []);
  return <SnackbarProvider maxSnack={4} anchorOrigin={{ vertical: "bottom", horizontal: "right" }} domRoot={domRoot} />;
}
