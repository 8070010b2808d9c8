import { useState } from "react";
import KeyIcon from "@mui/icons-material/Key";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Notice, NoticeTitle } from "../../../components/notice";
import { AccessNote } from "../../../components/session/access-note";
import { useGate } from "../../../components/session/use-access";
import { describeError } from "../../../lib/api-client";
import { describeApiFailure } from "../../../lib/api-errors";
import { qIsolatorContract, type ClearanceLevel } from "../api/contract";
import { agencyName } from "../schemas";
import { saveKeyFile, useRegisterAgency, type RegisteredAgency } from "../api/register-agency";
import { AGENCY_MAX_LENGTH, CLEARANCE_LEVELS } from "../constants";

function Registered({ result }: { result: RegisteredAgency }) {
  return (
    <Notice severity="success" data-testid="agency-key-success">
      <NoticeTitle>{result.profile.agency} holds its own keys</NoticeTitle>
      <Box component="p" sx={{ m: 0 }}>
        ML-KEM-512, -768 and -1024 key pairs were made in this browser. The server received the encapsulation keys only
        ({result.profile.encapsulationKeys.map((k) => `${k.algorithm} ${k.sha256.slice(0, 12)}…`).join(", ")}); it
        cannot decrypt files wrapped for this agency.
      </Box>
      <Box component="p" sx={{ m: 0 }} data-testid="agency-key-file">
        Your key file <strong>{result.keyFileName}</strong> was saved: it is the only copy of the decapsulation keys.
        Keep it private; with it, anyone can open the files wrapped for {result.profile.agency}.
      </Box>
      <Button size="small" onClick={() => saveKeyFile(result)} data-testid="agency-key-save-again" sx={{ mt: 0.5 }}>
        Save the key file again
      </Button>
    </Notice>
  );
}

/**
 * Register an agency whose ML-KEM keys are made in this browser: the agency keeps the decapsulation keys (a key
 * file saved here), the server stores only the encapsulation keys, and files wrapped for the agency can be
 * opened only with that key file ("Decrypt in this browser" on each file).
 */
export function AgencyKeyForm() {
  const [agency, setAgency] = useState("");
  const [clearance, setClearance] = useState<ClearanceLevel>("SECRET");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const register = useRegisterAgency();
  const gate = useGate(qIsolatorContract.registerAgency.access);
  const submit = () => {
    const parsed = agencyName.safeParse(agency);
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? "is not valid");
    setFieldError(null);
    register.mutate({ agency: parsed.data, clearanceLevel: clearance });
  };
  const apiView = register.isError ? describeApiFailure(register.error) : null;
  const agencyIssue = apiView?.issues?.find((i) => i.path === "agency")?.message ?? null;
  const agencyError = fieldError ?? agencyIssue;
  return (
    <Stack
      spacing={2}
      component="form"
      noValidate
      onSubmit={(e) => (e.preventDefault(), submit())}
      sx={{ maxWidth: 760 }}
      data-testid="agency-key-form"
    >
      <Typography variant="h6" component="h2">
        Register an agency with its own key
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The keys are made in this browser. The server keeps only the public encapsulation keys; you save the key file,
        and only it decrypts the files wrapped for the agency, here in the browser.
      </Typography>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "minmax(0, 2fr) minmax(0, 1fr)" },
        }}
      >
        <TextField
          id="agency-key-name"
          label="Agency"
          value={agency}
          onChange={(e) => (setAgency(e.target.value), setFieldError(null))}
          error={agencyError !== null}
          helperText={
            <span data-testid="agency-key-help">
              {agencyError ? `Agency ${agencyError}` : `At most ${AGENCY_MAX_LENGTH} characters`}
            </span>
          }
          slotProps={{ htmlInput: { "data-testid": "agency-key-name", autoComplete: "off" } }}
        />
        <TextField
          select
          id="agency-key-clearance"
          label="Clearance"
          value={clearance}
          onChange={(e) => setClearance(e.target.value as ClearanceLevel)}
          slotProps={{ select: { native: true }, htmlInput: { "data-testid": "agency-key-clearance" } }}
        >
          {CLEARANCE_LEVELS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </TextField>
      </Box>
      <Box>
        <Button
          type="submit"
          variant="contained"
          startIcon={<KeyIcon aria-hidden />}
          disabled={register.isPending || !gate.allowed}
          aria-describedby={gate.note ? "agency-key-access" : undefined}
          data-testid="agency-key-register"
        >
          {register.isPending ? "Making keys…" : "Make keys here and register"}
        </Button>
        <AccessNote gate={gate} id="agency-key-access" />
      </Box>
      {register.isSuccess ? <Registered result={register.data} /> : null}
      {register.isError && !agencyIssue ? (
        <Notice severity="error" data-testid="agency-key-error">
          <NoticeTitle>{apiView?.title ?? "The agency was not registered"}</NoticeTitle>
          {apiView?.message ?? describeError(register.error)}
        </Notice>
      ) : null}
    </Stack>
  );
}
