import Typography from "@mui/material/Typography";
import type { Gate } from "./use-access";

/**
 * The access rule's sentence beside an action, in place: "Sign in as an operator to run this", or why an
 * operator action is open on this server. Nothing while the rule admits the caller without comment. While the
 * rule is being read its line is held (empty), so the sentence arriving does not push the page down.
 */
export function AccessNote({ gate, id }: { gate: Gate; id?: string }) {
  if (gate.loading) return <AccessNotePending />;
  if (!gate.note) return null;
  return (
    <Typography
      id={id}
      variant="caption"
      color={gate.allowed ? "text.secondary" : "warning.main"}
      data-testid="access-note"
      data-allowed={gate.allowed}
      sx={{ display: "block", overflowWrap: "anywhere" }}
    >
      {gate.note}
    </Typography>
  );
}

/** The access note's line, held empty while the rule is read (and by a part's placeholder before its code is there). */
export function AccessNotePending() {
  return (
    <Typography
      variant="caption"
      aria-hidden
      data-testid="access-note-pending"
      sx={{ display: "block", visibility: "hidden" }}
    >
      &nbsp;
    </Typography>
  );
}
