import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "../../config/paths";

export default function NotFoundRoute() {
  return (
    <Paper data-testid="not-found" variant="outlined" sx={{ p: 4, maxWidth: 720, mx: "auto" }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Button component={RouterLink} to={paths.home.path} variant="contained">
        Back to the index
      </Button>
    </Paper>
  );
}
