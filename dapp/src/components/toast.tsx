import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { enqueueSnackbar } from "notistack";

export type ToastVariant = "success" | "error" | "warning" | "info";

/** Shows a toast in the shared toast area (the app's SnackbarProvider). */
export function notify({ variant, title, description }: { variant: ToastVariant; title: string; description?: string }) {
  enqueueSnackbar(
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
