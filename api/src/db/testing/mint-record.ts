// A stored mint row for database tests (the XRP volume test's shape, the simplest record): what the tests
// of the database itself and of its backups write to have rows to read back.
import type { MintRecord } from "../../features/minting/minting.schemas";

export const xrpRecord = (n: number, source: "live" | "simulated" = "simulated"): MintRecord => ({
  id: crypto.randomUUID(),
  success: true,
  ledger: "xrpl",
  kind: "xrp-volume",
  source,
  reason: source === "live" ? null : "test",
  network: "testnet",
  transactionHash: `HASH${n}`,
  signedTransaction: "12000022",
  ledgerIndex: null,
  explorerUrl: null,
  signer: "rSigner",
  amount: `${n} XRP`,
  quantumSecured: false,
  quantumAttestation: null,
  governmentValidated: false,
  assumptions: [],
  timestamp: new Date().toISOString(),
  processedAmount: n,
  destination: "rDest",
});
