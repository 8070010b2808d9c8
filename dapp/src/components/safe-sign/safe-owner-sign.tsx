import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { isAddressEqual, type Address, type TypedDataDefinition } from "viem";
import { useConfig, useConnection } from "wagmi";
import { signTypedData, switchChain } from "wagmi/actions";
import { describeError } from "../../lib/api-client";
import { isUserRejection } from "../../lib/wallet-errors";
import { Notice } from "../notice";
import type { SafeOwnerSignProps } from "./types";

/**
 * The Safe's EIP-712 payload as the API sends it (integers as text, EIP712Domain listed) -> what viem signs:
 * integers back to bigint by their declared type; the domain type is viem's to derive.
 */
export function typedDataForWallet(typedData: Record<string, unknown>): TypedDataDefinition {
  const { types, primaryType, domain, message } = typedData as {
    types: Record<string, { name: string; type: string }[]>;
    primaryType: string;
    domain: Record<string, unknown>;
    message: Record<string, unknown>;
  };
  const { EIP712Domain: _domainType, ...rest } = types;
  const fields = rest[primaryType] ?? [];
  const converted = Object.fromEntries(
    Object.entries(message).map(([k, v]) => {
      const type = fields.find((f) => f.name === k)?.type ?? "";
      return [k, /^u?int\d*$/.test(type) && (typeof v === "string" || typeof v === "number") ? BigInt(v) : v];
    }),
  );
  return { domain, types: rest, primaryType, message: converted } as unknown as TypedDataDefinition;
}

type Phase = { kind: "idle" } | { kind: "wallet" } | { kind: "sending" } | { kind: "error"; message: string };

/**
 * An owner signs a Safe transaction with the connected wallet (eth_signTypedData_v4 through wagmi, no
 * transaction, no gas) and `submit` hands the signature to the API, which checks it recovers to an owner. Only
 * an owner's wallet is offered the button; any other says why it cannot sign. No session is needed: the
 * signature itself is the owner's authority.
 */
export function SafeOwnerSign({
  typedData,
  owners,
  signatures,
  submit,
  testId = "safe-owner-sign",
}: SafeOwnerSignProps) {
  const config = useConfig();
  const { address, chainId, status } = useConnection();
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const domainChain = Number((typedData.domain as { chainId?: number | string } | undefined)?.chainId);
  const ownerList = owners.join(", ");

  if (!address || status !== "connected") {
    return (
      <Typography variant="body2" color="text.secondary" data-testid={testId} data-state="no-wallet">
        Connect an owner's wallet to sign. Owners: {ownerList}.
      </Typography>
    );
  }
  const isOwner = owners.some((o) => isAddressEqual(o as Address, address));
  if (!isOwner) {
    return (
      <Notice severity="info" data-testid={testId} data-state="not-owner">
        The connected wallet {address} is not an owner of this Safe, so it cannot sign this transaction. Owners:{" "}
        {ownerList}.
      </Notice>
    );
  }
  if (signatures.some((s) => isAddressEqual(s.owner as Address, address))) {
    return (
      <Typography variant="body2" data-testid={testId} data-state="signed">
        Your wallet {address} has signed this. Waiting for the other owners.
      </Typography>
    );
  }
  const wrongChain = Number.isFinite(domainChain) && chainId !== domainChain;
  const sign = async () => {
    setPhase({ kind: "wallet" });
    try {
      const signature = await signTypedData(config, { account: address, ...typedDataForWallet(typedData) });
      setPhase({ kind: "sending" });
      await submit(signature);
      setPhase({ kind: "idle" });
    } catch (error) {
      setPhase({
        kind: "error",
        message: isUserRejection(error)
          ? "The signature request was rejected in the wallet: nothing was signed."
          : describeError(error),
      });
    }
  };
  return (
    <Box data-testid={testId} data-state="owner" sx={{ display: "grid", gap: 1 }}>
      <Typography variant="body2">
        Your wallet {address} is an owner: sign the SafeTx above (EIP-712, no transaction, no gas).
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
        {wrongChain ? (
          <Button
            variant="outlined"
            data-testid="safe-sign-switch"
            onClick={() => void switchChain(config, { chainId: domainChain as never }).catch(() => {})}
          >
            Switch the wallet to chain {domainChain}
          </Button>
        ) : null}
        <Button
          variant="contained"
          data-testid="safe-sign-button"
          disabled={wrongChain || phase.kind === "wallet" || phase.kind === "sending"}
          onClick={() => void sign()}
        >
          {phase.kind === "wallet"
            ? "Confirm in your wallet…"
            : phase.kind === "sending"
              ? "Checking the signature…"
              : "Sign as owner"}
        </Button>
      </Box>
      {phase.kind === "error" ? (
        <Notice severity="error" data-testid="safe-sign-error">
          {phase.message}
        </Notice>
      ) : null}
    </Box>
  );
}
