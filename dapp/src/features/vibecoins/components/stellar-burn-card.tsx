import { useState } from "react";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router-dom";
import { Notice, NoticeTitle } from "../../../components/notice";
import { SourceBadge } from "../../../components/source-badge";
import { notify } from "../../../components/toast";
import { TxHash } from "../../../components/tx-hash";
import { paths } from "../../../config/paths";
import { describeError } from "../../../lib/api-client";
import { getStellarAccount, getStellarNetwork, submitStellarXdr } from "../../../lib/stellar/stellar-api";
import { signStellarXdr, useStellarKey } from "../../../lib/stellar/stellar-key";
import {
  VIBECOINS_MESSAGES,
  VIBECOINS_STELLAR_CODE,
  VIBECOINS_STELLAR_DECIMALS,
  vibecoinsAmountProblem,
} from "../constants";
import { AmountForm, textRule } from "../../../components/form";
import { getSupplies } from "../api/get-supplies";
import { vibecoinsMutationKey, vibecoinsQueryKey } from "../api/keys";
import { supplyText } from "./supplies-panel";

type StellarBurn = {
  submit: Awaited<ReturnType<typeof submitStellarXdr>>;
  amount: string;
  before: string | null;
  after: string | null;
};

const stellarVibe = async () =>
  (await getSupplies()).supplies.find((s) => s.ledger === "stellar" && s.token === "VIBE") ?? null;

/**
 * Burn VIBE on Stellar the Stellar way: pay it back to its issuer (an issuer's own asset is not a balance,
 * so the amount leaves the supply). Built and signed here with the user's key; the API relays only the
 * signed envelope.
 */
async function burnOnStellar(publicKey: string, amount: string): Promise<StellarBurn> {
  const [network, account, before] = await Promise.all([
    getStellarNetwork(),
    getStellarAccount(publicKey),
    stellarVibe(),
  ]);
  if (!account.exists || account.sequence === null)
    throw new Error("This Stellar account is not on the ledger yet: fund it on the Stellar key page first");
  const issuer = network.assets.VIBE.issuer;
  // The SDK loads only now, with the first burn.
  const { buildStellarPayment } = await import("../../../lib/stellar/stellar-build");
  const unsigned = buildStellarPayment({
    source: publicKey,
    sequence: account.sequence,
    destination: issuer,
    asset: { code: VIBECOINS_STELLAR_CODE, issuer },
    amount,
    networkPassphrase: network.networkPassphrase,
    baseFee: network.baseFeeStroops,
  });
  const signed = await signStellarXdr(unsigned, network.networkPassphrase);
  const submit = await submitStellarXdr(signed);
  const after = await stellarVibe();
  return { submit, amount, before: before?.amount ?? null, after: after?.amount ?? null };
}

/** The API's own amount rule for Stellar VIBE (7 decimals), zod-free. */
const STELLAR_RULE = textRule((t) => vibecoinsAmountProblem(t, VIBECOINS_STELLAR_DECIMALS));

export function StellarBurnCard() {
  const queryClient = useQueryClient();
  const { publicKey } = useStellarKey();
  const [amount, setAmount] = useState("");
  const burn = useMutation({
    mutationKey: [...vibecoinsMutationKey, "stellar-burn"],
    mutationFn: ({ key, text }: { key: string; text: string }) => burnOnStellar(key, text),
    onSuccess: (r) => {
      setAmount("");
      notify({
        variant: r.submit.source === "live" ? "success" : "simulated",
        ...VIBECOINS_MESSAGES.stellarBurnSubmitted(r.amount),
      });
    },
    onError: (err) => notify({ variant: "error", title: "Stellar burn failed", description: describeError(err) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vibecoinsQueryKey }),
  });
  const r = burn.data;

  return (
    <Box component="section" aria-labelledby="stellar-burn-heading" data-testid="stellar-burn-card">
      <Typography id="stellar-burn-heading" variant="h6" component="h2">
        Burn VIBE on Stellar
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        On Stellar, VIBE is burnt by paying it back to its issuer. The payment is built and signed in this page with
        your key; only the signed envelope goes to the API.
      </Typography>
      {!publicKey ? (
        <Notice severity="info" role="status" data-testid="stellar-no-key">
          {VIBECOINS_MESSAGES.noStellarKey}{" "}
          <Link component={RouterLink} to={paths.stellarKeyInput.path}>
            Go to {paths.stellarKeyInput.title}
          </Link>
        </Notice>
      ) : (
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5, maxWidth: 480 }}>
          <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
            From <code>{publicKey}</code>
          </Typography>
          <AmountForm
            id="stellar-burn-amount"
            label="Amount of VIBE"
            unit="VIBE"
            step={1}
            value={amount}
            onChange={setAmount}
            onSubmit={() => burn.mutate({ key: publicKey, text: amount.trim() })}
            schema={STELLAR_RULE}
            schemaInput="text"
            hint={`Up to ${VIBECOINS_STELLAR_DECIMALS} decimal places`}
            inputTestId="stellar-burn-amount"
            busy={burn.isPending}
            pending={burn.isPending}
            buttonLabel="Pay VIBE back to the issuer"
            pendingLabel="Signing and sending…"
            buttonColor="warning"
            buttonTestId="stellar-burn-button"
          />
        </Box>
      )}
      {r ? (
        <Notice
          severity={r.submit.source === "live" ? "success" : "warning"}
          sx={{ mt: 1.5 }}
          data-testid="stellar-burn-result"
        >
          <NoticeTitle>
            {r.amount} VIBE paid back <SourceBadge source={r.submit.source} reason={r.submit.reason} />
          </NoticeTitle>
          <Typography variant="body2" data-testid="stellar-burn-supply">
            Stellar VIBE supply {supplyText(r.before)} → {supplyText(r.after)}
            {r.submit.ledger !== null ? ` (ledger ${r.submit.ledger})` : ""}
          </Typography>
          <TxHash value={r.submit.transactionHash} explorerUrl={r.submit.explorerUrl} testId="stellar-burn-hash" />
        </Notice>
      ) : null}
    </Box>
  );
}
