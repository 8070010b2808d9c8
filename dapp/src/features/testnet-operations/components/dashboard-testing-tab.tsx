import { useState } from "react";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Columns } from "../../../components/columns";
import { Notice } from "../../../components/notice";
import { QueryState } from "../../../components/page-shell";
import { useGate } from "../../../components/session/use-access";
import { notify } from "../../../components/toast";
import { testnetOperationsContract } from "../api/contract";
import { useRealOperations } from "../api/get-real-operations";
import { useTestnetStellar } from "../api/send-testnet-stellar";
import { STELLAR_DEFAULTS } from "../constants";
import { failureText } from "../utils/failure-text";
import { NetworksTable } from "./networks-table";
import { panelPlaceholder } from "./panel-skeleton";
import { StellarForm } from "./stellar-form";
import { StellarResult } from "./stellar-result";

/** Blockchain Testing: the Stellar transaction form (default 1 XLM) and its result; the testnets it refreshes. */
export function DashboardTestingTab() {
  const [amount, setAmount] = useState(String(STELLAR_DEFAULTS.dashboardAmount));
  const [memo, setMemo] = useState<string>(STELLAR_DEFAULTS.memo);
  const send = useTestnetStellar();
  const gate = useGate(testnetOperationsContract.testnetStellar.access);
  const operations = useRealOperations();

  const onSend = () =>
    send.mutate(
      { amount, memo },
      {
        onSuccess: (r) =>
          notify(
            r.source === "live"
              ? { variant: "success", title: "Stellar Transaction Success", description: r.note }
              : { variant: "simulated", title: "Stellar Transaction Complete", description: r.note },
          ),
        onError: (e) =>
          notify({
            variant: "error",
            title: "Stellar Transaction Failed",
            description: `Transaction error: ${failureText(e)}`,
          }),
      },
    );

  return (
    <Stack spacing={4}>
      <Box component="section" aria-labelledby="dashboard-stellar-heading">
        <Typography id="dashboard-stellar-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
          Stellar transaction
        </Typography>
        <Stack spacing={3}>
          <Columns columns={{ xs: 1, md: "minmax(0, 1fr) minmax(0, 1fr)" }} gap={3}>
            <StellarForm
              idPrefix="dashboard-stellar"
              amount={amount}
              memo={memo}
              onAmount={setAmount}
              onMemo={setMemo}
              onSend={onSend}
              pending={send.isPending}
              gate={gate}
              label="Send Transaction"
            />
            <Typography variant="body2" color="text.secondary">
              Our Stellar testnet account pays the amount to our recipient: executed by the testnet when Horizon answers
              (Live), otherwise signed with the same key and never submitted (Simulated, with the reason). A payment
              refreshes the testnets below.
            </Typography>
          </Columns>
          {send.isError ? (
            <Notice severity="error" data-testid="stellar-error">
              Transaction error: {failureText(send.error)}
            </Notice>
          ) : null}
          {send.data ? <StellarResult key={send.data.transactionHash} result={send.data} /> : null}
        </Stack>
      </Box>
      <Box component="section" aria-labelledby="dashboard-networks-heading">
        <Typography id="dashboard-networks-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
          Testnets
        </Typography>
        <QueryState query={operations} what="the testnets" testId="testing-networks" {...panelPlaceholder("networks")}>
          {(d) => <NetworksTable answer={d} />}
        </QueryState>
      </Box>
    </Stack>
  );
}
