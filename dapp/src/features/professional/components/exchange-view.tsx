import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { PenExchange } from "../api/contract";

const headerLines = (h: Record<string, string>) => Object.entries(h).map(([k, v]) => `${k}: ${v}`);

/** One request a check sent and what came back: method, path, the headers that matter, status, the body's start. */
export function ExchangeView({ x }: { x: PenExchange }) {
  const sent = [`${x.method} ${x.path}`, ...headerLines(x.requestHeaders)].join("\n");
  const got = [
    `${x.status} · ${Math.round(x.durationMs)} ms`,
    ...headerLines(x.responseHeaders),
    ...(x.bodyExcerpt ? ["", x.bodyExcerpt] : []),
  ].join("\n");
  return (
    <Box
      data-testid="exchange"
      data-status={x.status}
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" },
        gap: 1,
        my: 0.5,
      }}
    >
      {[
        ["Sent", sent],
        ["Answered", got],
      ].map(([title, text]) => (
        <Box key={title} sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary">
            {title}
          </Typography>
          <Box
            component="pre"
            sx={{
              m: 0,
              p: 1,
              bgcolor: "grey.100",
              borderRadius: 1,
              fontSize: "0.75rem",
              whiteSpace: "pre-wrap",
              overflowWrap: "anywhere",
            }}
          >
            {text}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
