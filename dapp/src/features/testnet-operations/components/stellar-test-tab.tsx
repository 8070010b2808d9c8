import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Columns } from "../../../components/columns";
import { Notice } from "../../../components/notice";
import { useGate } from "../../../components/session/use-access";
import { latestOf } from "../utils/runs-store";
import { TEST_ACCESS } from "../utils/test-kinds";
import { useRunTest, useRuns, useTestInputs } from "./runs-context";
import { StellarForm } from "./stellar-form";
import { StellarResult } from "./stellar-result";

/** Stellar Test: an XLM payment from our testnet account (default 10 XLM) with a memo, and its latest result. */
export function StellarTestTab() {
  const [inputs, setInputs] = useTestInputs();
  const { entries, running } = useRuns();
  const run = useRunTest();
  const gate = useGate(TEST_ACCESS.stellar);
  const latest = latestOf(entries, "stellar");
  return (
    <Stack spacing={3}>
      <Columns columns={{ xs: 1, md: "minmax(0, 1fr) minmax(0, 1fr)" }} gap={3}>
        <StellarForm
          idPrefix="real-testnet-stellar"
          amount={inputs.xlmAmount}
          memo={inputs.memo}
          onAmount={(xlmAmount) => setInputs({ xlmAmount })}
          onMemo={(memo) => setInputs({ memo })}
          onSend={() => void run("stellar", { xlmAmount: inputs.xlmAmount, memo: inputs.memo })}
          pending={running.has("stellar")}
          gate={gate}
          label="Send Stellar Test Transaction"
        />
        <Box>
          <Typography variant="body2" color="text.secondary">
            Our Stellar testnet account pays the amount to our recipient with your memo: executed by the testnet when
            Horizon answers (Live, with its explorer link), otherwise signed with the same key and never submitted
            (Simulated, with the reason). Your wallet signs nothing; signing in says who asked. The signed envelope
            comes back with every result, so you can check it.
          </Typography>
        </Box>
      </Columns>
      {latest?.error ? (
        <Notice severity="error" data-testid="stellar-error">
          Transaction error: {latest.error}
        </Notice>
      ) : null}
      {latest?.answer ? <StellarResult key={latest.id} result={latest.answer} /> : null}
    </Stack>
  );
}
