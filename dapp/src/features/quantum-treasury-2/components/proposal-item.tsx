import Box from "@mui/material/Box";
import { timeText } from "../../../lib/time";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { SafeFlow } from "../../../components/safe-flow";
import { SafeOwnerSign } from "../../../components/safe-sign";
import { notify } from "../../../components/toast";
import { useNetwork } from "../../../lib/network/get-network";
import { QT_OPERATIONS, QT_TOAST_SUCCESS } from "../constants";
import type { QtAddSignatureResponse, QtSafeProposal } from "../api/contract";
import { addSignature } from "../api/execute";
import { qtQueryKey } from "../api/keys";
import { flowOfProposal } from "../utils/proposal-flow";
import { CallList, SafeTxCalls } from "./call-list";
import { PendingSignatures } from "./pending-signatures";
import { StateChange } from "./state-change";

/** What a proposal is for, in the page's words. */
export function proposalTitle(label: string): string {
  if (label === "strategy") return "Treasury strategy (deploy capital, mint XQB, enable XQBUSD)";
  return (QT_OPERATIONS as Record<string, { title: string } | undefined>)[label]?.title ?? label;
}

/**
 * One Safe transaction as Safe{Wallet} shows it in its queue: the SafeTx and its hash, who proposed it, the
 * calls, each owner's signature as it arrives (who, how, made by the owner's wallet or the server's dev key),
 * confirmations n/threshold; a connected owner's wallet signs it here (EIP-712), and the signature that meets
 * the threshold executes it (the execution's hash, block and the chain before and after).
 */
export function ProposalItem({
  proposal,
  added,
  onAdded,
}: {
  proposal: QtSafeProposal;
  /** The answer to a signature added in this page: the newest state, and the execution it caused (kept by the list, so it survives the move to History). */
  added: QtAddSignatureResponse | null;
  onAdded: (result: QtAddSignatureResponse) => void;
}) {
  const network = useNetwork();
  const queryClient = useQueryClient();
  // The list is re-read every few seconds; a signature answered here may be newer than its last reading.
  const current =
    added && (added.proposal.status !== "pending" || added.proposal.signatures.length > proposal.signatures.length)
      ? added.proposal
      : proposal;
  const onSigned = async (result: QtAddSignatureResponse) => {
    onAdded(result);
    if (result.proposal.status === "executed") {
      const live = result.source === "live";
      notify({
        variant: live ? "success" : "simulated",
        title: live ? QT_TOAST_SUCCESS.title : "Treasury Operation Simulated",
        description: `${QT_TOAST_SUCCESS.description(proposalTitle(proposal.label))}.\nSigned by ${result.proposal.signatures.length} Safe owners (${result.proposal.threshold} needed)${result.block ? `, executed in block ${result.block}` : ""}.`,
      });
    }
    await queryClient.invalidateQueries({ queryKey: qtQueryKey });
  };
  const submit = async (signature: `0x${string}`) => onSigned(await addSignature(proposal.safeTxHash, signature));
  const pending = current.status === "pending";
  return (
    <Card
      variant="outlined"
      component="li"
      data-testid="qt-proposal"
      data-safe-tx-hash={proposal.safeTxHash}
      data-status={current.status}
      sx={{ listStyle: "none" }}
    >
      <CardContent>
        <Stack spacing={1.5}>
          <Box>
            <Typography variant="subtitle1" component="h3">
              {proposalTitle(proposal.label)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              Proposed {timeText(proposal.createdAt)} · {pending ? "waiting for owners' signatures" : current.status}
            </Typography>
          </Box>
          <SafeFlow
            flow={flowOfProposal(current, {
              block: added?.block ?? null,
              explorerBaseUrl: network.data?.explorerBaseUrl,
            })}
            // Open while owners decide what to sign; folded once it is history.
            fieldsOpen={pending}
            signSlot={
              pending ? (
                <Stack spacing={1}>
                  <SafeOwnerSign
                    typedData={current.typedData}
                    owners={current.owners}
                    signatures={current.signatures}
                    submit={submit}
                  />
                  <Box component="details">
                    <Typography component="summary" variant="body2" sx={{ cursor: "pointer" }}>
                      Or paste a signature an owner made elsewhere
                    </Typography>
                    <PendingSignatures proposal={current} onSigned={(r) => void onSigned(r)} />
                  </Box>
                </Stack>
              ) : null
            }
          />
          {current.preSteps.length > 0 ? (
            <Box data-testid="qt-proposal-pre-steps">
              <Typography variant="body2" color="text.secondary">
                {pending
                  ? "Sent by the API's own account just before it executes:"
                  : "Sent by the API's own account before it executed:"}
              </Typography>
              <CallList calls={current.preSteps.map((s) => s.call)} testId="qt-pre-step-call" />
            </Box>
          ) : null}
          <SafeTxCalls calls={current.calls} />
          {added?.before && added.after ? <StateChange before={added.before} after={added.after} /> : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
