import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { allPaths, paths, SECTIONS } from "../../config/paths";
import { Pill } from "../../components/pill";

// A plain index of the app's routes, by section, from the page table (src/config/paths.ts), the pages not
// built yet included and marked. The full landing page (spec part 2) arrives in a later issue.
export default function LandingRoute() {
  const sections = SECTIONS.map((section) => ({
    section,
    routes: allPaths.filter((p) => p.section === section && p.path !== paths.home.path),
  }));
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h3" component="h1" gutterBottom>
          {paths.home.title}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          A multi-chain testnet dApp: mint XQB and the XQBUSD stablecoin on a local Hardhat chain or Sepolia, VibeCoins
          on the Stellar testnet, and run volume tests on the XRP Ledger testnet.
        </Typography>
      </div>
      <Stack component="nav" aria-label="All pages" data-testid="route-index" spacing={3}>
        {sections.map(({ section, routes }) => (
          <Box component="section" key={section} aria-labelledby={`index-${SECTIONS.indexOf(section)}`}>
            <Typography id={`index-${SECTIONS.indexOf(section)}`} variant="h6" component="h2" gutterBottom>
              {section}
            </Typography>
            <Box
              sx={{
                display: "grid",
                gap: 2,
                gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "repeat(3, 1fr)" },
              }}
            >
              {routes.map((route) => (
                <Card key={route.path} variant="outlined" sx={{ height: "100%" }}>
                  <CardActionArea
                    component={RouterLink}
                    to={route.path}
                    sx={{ height: "100%" }}
                    data-testid="route-link"
                  >
                    <CardContent>
                      <Stack
                        direction="row"
                        spacing={1}
                        sx={{ justifyContent: "space-between", alignItems: "flex-start" }}
                      >
                        <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
                          {route.title}
                        </Typography>
                        <Pill
                          size="small"
                          label={route.built ? "Built" : "Not built yet"}
                          color={route.built ? "success" : "default"}
                          variant={route.built ? "filled" : "outlined"}
                        />
                      </Stack>
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, fontFamily: "monospace" }}>
                        {route.path}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              ))}
            </Box>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
