import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { CopyButton } from "../../../components/copy-button";
import { Notice, NoticeTitle } from "../../../components/notice";
import { AccessNote } from "../../../components/session/access-note";
import { useGate } from "../../../components/session/use-access";
import { describeError } from "../../../lib/api-client";
import { describeApiFailure } from "../../../lib/api-errors";
import { qIsolatorContract, type SecurityLevel } from "../api/contract";
import { createIsolationBody } from "../schemas";
import { useCreateIsolation, type CreateIsolationResponse } from "../api/create-isolation";
import {
  AGENCY_MAX_LENGTH,
  DEFAULT_SECURITY_LEVEL,
  LEVEL_ALGORITHMS,
  REQUIRED_CLEARANCE,
  SECURITY_LEVELS,
} from "../constants";
import { durationText, parameterSets } from "../utils/words";

/** Strongest first, as the spec lists them: Government Grade, Enterprise Grade, Commercial Grade. */
const LEVEL_OPTIONS = [...SECURITY_LEVELS].reverse();

export type IsolationFormCheck =
  | { ok: true; body: { securityLevel: SecurityLevel; agency?: string } }
  | { ok: false; field: "agency" | "securityLevel"; message: string };

/** The API's own rule for the body (`createIsolationBody`: the agency at most 120 characters of the allowed ones; blank is none). */
export function checkIsolationForm(securityLevel: string, agency: string): IsolationFormCheck {
  const parsed = createIsolationBody.safeParse({ securityLevel, agency });
  if (parsed.success) return { ok: true, body: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    field: issue?.path[0] === "securityLevel" ? "securityLevel" : "agency",
    message: issue?.message ?? "is not valid",
  };
}

function Created({ created }: { created: CreateIsolationResponse["isolation"] }) {
  const k = created.keySizes;
  return (
    <Notice severity="success" data-testid="create-success">
      <NoticeTitle>Isolation created</NoticeTitle>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, flexWrap: "wrap" }}>
        <Box component="span" sx={{ fontFamily: "monospace" }} data-testid="created-id">
          {created.isolationId}
        </Box>
        <CopyButton value={created.isolationId} what="isolation id" />
      </Box>
      <Box data-testid="created-params">
        {created.kem} + {created.sig} (NIST category {created.nistCategory})
        {created.agency ? ` for ${created.agency}` : ""}; quantum resistance {created.quantumResistance}%.
      </Box>
      <Box data-testid="created-keys">
        Keys: encapsulation {k.encapsulationKey} B, decapsulation {k.decapsulationKey} B, verification{" "}
        {k.verificationKey} B, signing {k.signingKey} B; generated in {durationText(created.keygenMs)}.
      </Box>
    </Notice>
  );
}

/**
 * Create a new isolation (spec §2 tab 2, §5): the level (default ENTERPRISE, its parameter sets beside it) and an
 * optional agency, checked with the API's own schema before sending. Pending reads "Creating Isolation..." (§4).
 */
export function CreateIsolationForm() {
  const [level, setLevel] = useState<string>(DEFAULT_SECURITY_LEVEL);
  const [agency, setAgency] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const create = useCreateIsolation();
  const gate = useGate(qIsolatorContract.createIsolation.access);
  const submit = () => {
    const checked = checkIsolationForm(level, agency);
    if (!checked.ok) return setFieldError(checked.message);
    setFieldError(null);
    create.mutate(checked.body);
  };
  const apiView = create.isError ? describeApiFailure(create.error) : null;
  const agencyIssue = apiView?.issues?.find((i) => i.path === "agency")?.message ?? null;
  const agencyError = fieldError ?? agencyIssue;
  const chosen = LEVEL_ALGORITHMS[level as SecurityLevel];
  return (
    <Stack
      spacing={2}
      component="form"
      noValidate
      onSubmit={(e) => (e.preventDefault(), submit())}
      sx={{ maxWidth: 760 }}
      data-testid="create-isolation-form"
    >
      <Typography variant="h6" component="h2">
        Create a new isolation
      </Typography>
      <TextField
        select
        id="isolation-level"
        label="Security Level"
        value={level}
        onChange={(e) => setLevel(e.target.value)}
        slotProps={{ select: { native: true }, htmlInput: { "data-testid": "security-level" } }}
        helperText={
          chosen
            ? `${parameterSets(level as SecurityLevel)}, NIST category ${chosen.nistCategory}; an agency needs ${REQUIRED_CLEARANCE[level as SecurityLevel]} clearance`
            : undefined
        }
        fullWidth
      >
        {LEVEL_OPTIONS.map((l) => (
          <option key={l} value={l}>
            {LEVEL_ALGORITHMS[l].label} ({parameterSets(l)})
          </option>
        ))}
      </TextField>
      <TextField
        id="isolation-agency"
        label="Agency (optional)"
        value={agency}
        onChange={(e) => {
          setAgency(e.target.value);
          setFieldError(null);
        }}
        error={agencyError !== null}
        helperText={
          <span data-testid="agency-help">
            {agencyError
              ? `Agency ${agencyError}`
              : `At most ${AGENCY_MAX_LENGTH} characters: letters, digits, spaces and . , ' & ( ) / - _`}
          </span>
        }
        slotProps={{ htmlInput: { "data-testid": "agency-input", autoComplete: "off" } }}
        fullWidth
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={create.isPending || !gate.allowed}
          aria-describedby={gate.note ? "create-isolation-access" : undefined}
          data-testid="create-isolation"
        >
          {create.isPending ? "Creating Isolation..." : "Create Isolation"}
        </Button>
        <AccessNote gate={gate} id="create-isolation-access" />
      </Box>
      {create.isSuccess ? <Created created={create.data.isolation} /> : null}
      {create.isError && !agencyIssue ? (
        <Notice severity="error" data-testid="create-error">
          <NoticeTitle>{apiView?.title ?? "The isolation was not created"}</NoticeTitle>
          {apiView?.message ?? describeError(create.error)}
        </Notice>
      ) : null}
    </Stack>
  );
}
