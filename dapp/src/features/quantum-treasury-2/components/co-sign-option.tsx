import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Typography from "@mui/material/Typography";
import { AccessNote } from "../../../components/session/access-note";
import { useGate } from "../../../components/session/use-access";
import { coSignAccess } from "../api/contract";
import { useMetrics } from "../api/get-metrics";

/**
 * The operator's explicit request that the server co-sign with the local chain's public dev owner keys
 * (`coSign: "dev-keys"`). Offered only where the API holds enough of them (the local chain); usable only by an
 * operator (the note says why it is open or what to do). Off by default: a proposal waits for the owners.
 */
export function CoSignOption({
  checked,
  onChange,
  id,
  disabled = false,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  id: string;
  disabled?: boolean;
}) {
  const metrics = useMetrics();
  const gate = useGate(coSignAccess);
  const safe = metrics.data?.safe;
  if (!safe || safe.devKeyOwners.length < safe.threshold) return null;
  const owners = safe.devKeyOwners
    .slice(0, safe.threshold)
    .map((k) => `#${k.ownerIndex}`)
    .join(" and ");
  return (
    <Box data-testid="qt-cosign" data-allowed={gate.allowed}>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked && gate.allowed}
            disabled={disabled || !gate.allowed}
            onChange={(e) => onChange(e.target.checked)}
            slotProps={{
              input: { "aria-describedby": `${id}-note ${id}-access`, "data-testid": "qt-cosign-checkbox" } as object,
            }}
          />
        }
        label="Co-sign with the server's dev keys (operator, local chain only)"
      />
      <Typography id={`${id}-note`} variant="caption" color="text.secondary" sx={{ display: "block" }}>
        The server then signs as owners {owners} with their public Hardhat dev keys and executes at once; each signature
        is labelled as the server's. Unticked, the operation waits for the owners to sign with their own wallets.
      </Typography>
      <AccessNote gate={gate} id={`${id}-access`} />
    </Box>
  );
}
