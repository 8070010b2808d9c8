// The simulated Stellar client: the caller's transaction, built on the server account's last-seen sequence
// and signed offline with the real server key; never submitted. A user's signed envelope is decoded and
// hashed, never sent. Reads answer what the live client last saw, and nothing else is invented.
import { Account, Networks, type Keypair } from "@stellar/stellar-sdk";
import { LedgerUnreachableError } from "../types";
import {
  envelopeBase64,
  hashHex,
  NEVER_SEEN,
  NOT_ON_SIMULATED,
  type StellarAccount,
  type StellarAccountDetails,
  type StellarAssetSupply,
  type StellarBuild,
  type StellarFeeStats,
  type StellarFundResult,
  type StellarLedgerClient,
  type StellarPaymentsPage,
  type StellarSeen,
  type StellarSubmitOptions,
  type StellarSubmitResult,
  type StellarTransactionLookup,
} from "./client";
import { decodeSignedEnvelope } from "./envelope";

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
    return { id: last.id, sequence: last.sequence, balances: [...last.balances], observed: "last-seen" };
  }

  async accountDetails(id: string): Promise<StellarAccountDetails | null> {
    const details = this.seen.get(id)?.details;
    if (!details) throw new LedgerUnreachableError("stellar", this.endpoint, { cause: NEVER_SEEN });
    return { ...details, balances: [...details.balances], observed: "last-seen" };
  }

  async feeStats(): Promise<StellarFeeStats> {
    throw new LedgerUnreachableError("stellar", this.endpoint, { cause: NOT_ON_SIMULATED });
  }

  async ensureFunded(): Promise<void> {
    // Nothing is submitted, so nothing needs an account.
  }

  async fund(publicKey: string): Promise<StellarFundResult> {
    // Friendbot is not asked: nothing is funded. An account the live client saw did exist then.
    return { funded: false, alreadyExisted: this.seen.has(publicKey) };
  }

  async submit(build: StellarBuild, _ctx?: unknown, opts?: StellarSubmitOptions): Promise<StellarSubmitResult> {
    const seen = this.seen.get(this.serverAccount);
    const ledgerNext = (seen ? BigInt(seen.sequence) : 0n) + 1n;
    const sequence = (this.lastSequence = ledgerNext > this.lastSequence ? ledgerNext : this.lastSequence + 1n);
    const tx = build(new Account(this.serverAccount, (sequence - 1n).toString()));
    tx.sign(this.server);
    const maxTime = Number(tx.timeBounds?.maxTime ?? 0);
    await opts?.onSigned?.({
      transactionHash: hashHex(tx),
      signedTransaction: envelopeBase64(tx),
      sequence: sequence.toString(),
      validUntil: new Date(maxTime > 0 ? maxTime * 1000 : 8.64e15),
    });
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

  async submitSigned(envelopeXdr: string): Promise<StellarSubmitResult> {
    const env = decodeSignedEnvelope(envelopeXdr, this.networkPassphrase);
    const last = this.seen.get(env.source);
    const expected = last ? (BigInt(last.sequence) + 1n).toString() : null;
    return {
      network: "testnet",
      transactionHash: env.hash,
      signedTransaction: envelopeXdr,
      ledgerIndex: null,
      explorerUrl: null,
      signer: env.source,
      sequence: env.sequence,
      assumptions: [
        "not submitted: the envelope was decoded and its signature checked; the ledger never saw it",
        expected === null
          ? `sequence ${env.sequence}: the source account was never read on Horizon, so its next sequence is unknown`
          : expected === env.sequence
            ? `sequence ${env.sequence}: the source account's next, as last seen on Horizon`
            : `sequence ${env.sequence}: the source account's next was ${expected} when last seen on Horizon (Horizon would refuse it: tx_bad_seq)`,
      ],
    };
  }

  async transaction(): Promise<StellarTransactionLookup> {
    throw new LedgerUnreachableError("stellar", this.endpoint, { cause: NOT_ON_SIMULATED });
  }

  async incomingPayments(): Promise<StellarPaymentsPage> {
    throw new LedgerUnreachableError("stellar", this.endpoint, { cause: NOT_ON_SIMULATED });
  }

  async assetSupply(): Promise<StellarAssetSupply> {
    throw new LedgerUnreachableError("stellar", this.endpoint, { cause: NOT_ON_SIMULATED });
  }
}
