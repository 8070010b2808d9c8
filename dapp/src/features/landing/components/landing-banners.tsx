import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { BANNERS, SPEC_CLAIMS } from "../constants";

/** The spec's two marketing banners and its claims, each labelled as the copy it is (the branding is the page's first paint). */
export function LandingBanners() {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box
        data-testid="banners"
        sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" } }}
      >
        {BANNERS.map((b) => (
          <Box
            key={b.id}
            data-testid="banner"
            sx={{
              p: 2,
              borderRadius: 1,
              color: "primary.contrastText",
              bgcolor: "primary.dark",
              display: "flex",
              flexDirection: "column",
              gap: 0.5,
            }}
          >
            <Typography
              variant="caption"
              sx={{
                alignSelf: "flex-start",
                px: 1,
                borderRadius: 4,
                bgcolor: "rgba(255,255,255,0.16)",
                fontWeight: 600,
              }}
            >
              Marketing
            </Typography>
            <Typography variant="h6" component="p">
              {b.title}
            </Typography>
            <Typography variant="body2">{b.text}</Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" data-testid="spec-claims">
        <strong>Product claims (the spec&apos;s copy, not readings):</strong>{" "}
        {SPEC_CLAIMS.map((c) => c.text).join(" · ")}. The cards below say what is measured here.
      </Typography>
    </Box>
  );
}
