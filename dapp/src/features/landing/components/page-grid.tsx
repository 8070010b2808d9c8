import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { allPaths, paths, SECTIONS } from "../../../config/paths";

// A card-like link (MUI's Card and CardActionArea cost the most visited page a kilobyte and a half for a border).
const linkSx = {
  display: "block",
  border: 1,
  borderColor: "divider",
  borderRadius: 1,
  px: 2,
  py: 1.5,
  color: "text.primary",
  textDecoration: "none",
  minWidth: 0,
  "&:hover": { bgcolor: "action.hover", borderColor: "primary.main" },
  "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 },
} as const;

/** Every other page of the page table, by section: the table is the one list, so a new page appears here by itself. */
export function PageGrid() {
  const sections = SECTIONS.map((section, i) => ({
    section,
    id: `landing-section-${i}`,
    pages: allPaths.filter((p) => p.section === section && p.path !== paths.home.path),
  }));
  return (
    <Box component="nav" aria-labelledby="landing-pages-heading" data-testid="route-index">
      <Typography id="landing-pages-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        All pages
      </Typography>
      <Box sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}>
        {sections.map(({ section, id, pages }) => (
          <Box component="section" key={section} aria-labelledby={id}>
            <Typography id={id} variant="h6" component="h3" gutterBottom>
              {section}
            </Typography>
            <Box
              component="ul"
              sx={{
                m: 0,
                p: 0,
                listStyle: "none",
                display: "grid",
                gap: 1.5,
                gridTemplateColumns: {
                  xs: "minmax(0, 1fr)",
                  sm: "repeat(2, minmax(0, 1fr))",
                  md: "repeat(3, minmax(0, 1fr))",
                },
              }}
            >
              {pages.map((page) => (
                <li key={page.path}>
                  <Box component={RouterLink} to={page.path} data-testid="route-link" sx={linkSx}>
                    <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600, display: "block" }}>
                      {page.title}
                    </Typography>
                    <Typography
                      variant="body2"
                      component="span"
                      color="text.secondary"
                      sx={{ display: "block", fontFamily: "monospace", overflowWrap: "anywhere" }}
                    >
                      {page.path}
                    </Typography>
                  </Box>
                </li>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
