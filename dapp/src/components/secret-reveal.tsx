import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { CopyButton } from "./copy-button";
import { Notice, NoticeTitle } from "./notice";

/**
 * A secret made in this page (a generated Stellar secret, an XRPL seed) shown once for the user to keep, with a
 * copy button and "I saved it, hide it". The caller holds the secret and forgets it in `onHide`; nothing here
 * stores or sends it. Test ids: `testId`, `${testId}-value`, `${testId}-done`.
 */
export function SecretReveal({
  title,
  children,
  value,
  what,
  onHide,
  testId,
}: {
  title: string;
  /** What the secret does and where it lives, in words. */
  children: ReactNode;
  value: string;
  /** What the copy button copies ("secret key", "seed"). */
  what: string;
  onHide: () => void;
  testId: string;
}) {
  return (
    <Notice severity="warning" data-testid={testId} role="status">
      <NoticeTitle>{title}</NoticeTitle>
      {children}
      <Box sx={{ display: "flex", alignItems: "center", mt: 1, minWidth: 0 }}>
        <Typography
          data-testid={`${testId}-value`}
          variant="body2"
          sx={{ fontFamily: "monospace", wordBreak: "break-all" }}
        >
          {value}
        </Typography>
        <CopyButton value={value} what={what} />
      </Box>
      <Button size="small" sx={{ mt: 1 }} onClick={onHide} data-testid={`${testId}-done`}>
        I saved it, hide it
      </Button>
    </Notice>
  );
}
