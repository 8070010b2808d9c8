import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import { Notice, NoticeTitle } from "../../../components/notice";
import { AccessNote } from "../../../components/session/access-note";
import { useGate } from "../../../components/session/use-access";
import { qIsolatorContract } from "../api/contract";
import { describeError } from "../../../lib/api-client";
import { useAuthorizeAgency } from "../api/authorize-agency";

/**
 * Authorize another agency to read this agency's files: the API re-wraps each file's key for the new agency
 * (a new version and CID, the encrypted payload unchanged) and says which file became which version.
 */
export function AuthorizeForm({ agency, others }: { agency: string; others: readonly string[] }) {
  const [target, setTarget] = useState(others[0] ?? "");
  const authorize = useAuthorizeAgency();
  const gate = useGate(qIsolatorContract.authorizeAgency.access);
  const noteId = `authorize-access-${agency.replace(/\W+/g, "-")}`;
  const chosen = others.includes(target) ? target : (others[0] ?? "");
  if (others.length === 0) return null;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => (e.preventDefault(), authorize.mutate({ agency, authorizedAgency: chosen }))}
      data-testid="authorize-form"
    >
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <TextField
          select
          size="small"
          id={`authorize-${agency}`}
          label="Authorize agency"
          value={chosen}
          onChange={(e) => setTarget(e.target.value)}
          slotProps={{ select: { native: true }, htmlInput: { "data-testid": "authorize-target" } }}
          sx={{ minWidth: 160, flex: "1 1 160px" }}
        >
          {others.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </TextField>
        <Button
          type="submit"
          variant="outlined"
          size="small"
          disabled={authorize.isPending || !chosen || !gate.allowed}
          aria-describedby={gate.note ? noteId : undefined}
          data-testid="authorize-button"
        >
          {authorize.isPending ? "Authorizing…" : "Authorize"}
        </Button>
      </Box>
      <AccessNote gate={gate} id={noteId} />
      {authorize.isSuccess ? (
        <Notice severity="success" data-testid="authorize-success" sx={{ mt: 1 }}>
          <NoticeTitle>
            {authorize.data.profile.agency} now authorises {authorize.variables?.authorizedAgency}
          </NoticeTitle>
          {authorize.data.rewrapped.length === 0 ? (
            "No file to re-wrap yet: its future files will include the new agency."
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {authorize.data.rewrapped.map((r) => (
                <li key={r.fileId} data-testid="rewrapped-file">
                  {r.name}: version {r.fromVersion} → {r.toVersion}, CID{" "}
                  <Box component="span" sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>
                    {r.cid}
                  </Box>
                </li>
              ))}
            </Box>
          )}
        </Notice>
      ) : null}
      {authorize.isError ? (
        <Notice severity="error" data-testid="authorize-error" sx={{ mt: 1 }}>
          {describeError(authorize.error)}
        </Notice>
      ) : null}
    </Box>
  );
}
