import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import type { LandingSummaryResponse } from "../api/contract";

/** The footer's contact line (CONTACT_NAME / CONTACT_EMAIL on the server); nothing at all when neither is set. */
export function ContactLine({ contact }: { contact: LandingSummaryResponse["contact"] }) {
  if (!contact) return null;
  return (
    <Box component="footer" data-testid="contact-line" sx={{ borderTop: 1, borderColor: "divider", pt: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Contact: {contact.name}
        {contact.name && contact.email ? ", " : null}
        {contact.email ? <Link href={`mailto:${contact.email}`}>{contact.email}</Link> : null}
      </Typography>
    </Box>
  );
}
