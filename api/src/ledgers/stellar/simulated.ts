// The simulated Stellar client: the caller's transaction, built on the server account's last-seen sequence
// and signed offline with the real server key; never submitted.
import { Account, Networks, type Keypair } from "@stellar/stellar-sdk";
import { LedgerUnreachableError } from "../types";
import {
  envelopeBase64,
  hashHex,
  NEVER_SEEN,
  type StellarAccount,
  type StellarBuild,
  type StellarLedgerClient,
  type StellarSeen,
  type StellarSubmitResult,
} from "./client";

export class StellarSimulatedClient implements StellarLedgerClient {
  readonly network = "testnet" as const;
  readonly networkPassphrase = Networks.TESTNET;
  readonly serverAccount: string;
  // The sequence of the last transaction signed here: the next one takes the one after it (or the ledger's
  // next, when the live client has seen a later one), so two identical requests sign two transactions.
  private lastSequence = 0n;

  constructor(
    private readonly server: Keypair,
    private readonly seen: StellarSeen,
    private readonly endpoint = "horizon",
  ) {
    this.serverAccount = server.publicKey();
  }

  async account(id: string): Promise<StellarAccount | null> {
    const last = this.seen.get(id);
    if (!last) throw new LedgerUnreachableError("stellar", this.endpoint, { cause: NEVER_SEEN });
    return { ...last, balances: [...last.balances], observed: "last-seen" };
  }

  async ensureFunded(): Promise<void> {
    // Nothing is submitted, so nothing needs an account.
  }

  async submit(build: StellarBuild): Promise<StellarSubmitResult> {
    const seen = this.seen.get(this.serverAccount);
    const ledgerNext = (seen ? BigInt(seen.sequence) : 0n) + 1n;
    const sequence = (this.lastSequence = ledgerNext > this.lastSequence ? ledgerNext : this.lastSequence + 1n);
    const tx = build(new Account(this.serverAccount, (sequence - 1n).toString()));
    tx.sign(this.server);
    const assumptions = [
      seen
        ? `sequence ${sequence}: the server account's sequence ${seen.sequence} as last seen on Horizon${sequence > ledgerNext ? `, after ${sequence - ledgerNext} transaction(s) signed offline` : ""}`
        : `sequence ${sequence}: the server account was never read on Horizon`,
      "not submitted: nothing checked that the accounts exist, hold the balances or trust the assets",
    ];
    return {
      network: "testnet",
      transactionHash: hashHex(tx),
      signedTransaction: envelopeBase64(tx),
      ledgerIndex: null,
      explorerUrl: null,
      signer: this.serverAccount,
      sequence: sequence.toString(),
      assumptions,
    };
  }
}
