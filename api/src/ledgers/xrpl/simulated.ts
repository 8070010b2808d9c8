// The simulated XRPL client: the same transaction, signed offline with the real server wallet on the last
// sequence and ledger seen; never submitted. Reads answer what the live client last saw, or say they cannot.
import type { SubmittableTransaction, Wallet } from "xrpl";
import { LedgerRejectedError, LedgerUnreachableError } from "../types";
import {
  describeEngineResult,
  FEE_DROPS,
  LEDGER_WINDOW,
  NEVER_SEEN,
  type XrplAccountDetails,
  type XrplFee,
  type XrplFundResult,
  type XrplIncomingPage,
  type XrplIssuedSupply,
  type XrplLedgerClient,
  type XrplSeen,
  type XrplServerState,
  type XrplSignedSubmitResult,
  type XrplSubmitOptions,
  type XrplSubmitResult,
  type XrplTransactionLookup,
  type XrplTransactionRequest,
} from "./client";
import { BlobRefusal, inspectSignedBlob } from "./codec";

/** LastLedgerSequence when no validated ledger was ever seen (a stand-in, said in the assumptions). */
const UNSEEN_LAST_LEDGER = 20;

export class XrplSimulatedClient implements XrplLedgerClient {
  readonly network = "testnet" as const;
  readonly serverAccount: string;
  // Each offline transaction takes the next sequence after the last one signed here, so two identical
  // requests sign two different transactions, as they would on the ledger.
  private lastSequence = 0;

  constructor(
    private readonly server: Wallet,
    private readonly seen: XrplSeen,
    private readonly endpoint = "xrpl",
  ) {
    this.serverAccount = server.address;
  }

  async ensureFunded(): Promise<void> {
    // Nothing is submitted, so nothing needs an account.
  }

  async submit(request: XrplTransactionRequest, _ctx?: unknown, opts?: XrplSubmitOptions): Promise<XrplSubmitResult> {
    const known = this.seen.sequence;
    const sequence = (this.lastSequence = Math.max(known ?? 1, this.lastSequence + 1));
    const validated = this.seen.validatedLedger;
    const lastLedger = validated !== null ? validated + LEDGER_WINDOW : UNSEEN_LAST_LEDGER;
    const { tx_blob, hash } = this.server.sign({
      ...request,
      Account: this.serverAccount,
      Sequence: sequence,
      Fee: FEE_DROPS,
      LastLedgerSequence: lastLedger,
    } as SubmittableTransaction);
    await opts?.onSigned?.({
      transactionHash: hash,
      signedTransaction: tx_blob,
      sequence,
      lastLedgerSequence: lastLedger,
    });
    const assumptions = [
      known !== null
        ? `Sequence ${sequence}: the server account's next sequence ${known} as last seen on the ledger${sequence > known ? `, after ${sequence - known} transaction(s) signed offline` : ""}`
        : `Sequence ${sequence}: the server account was never read on the ledger`,
      `Fee ${FEE_DROPS} drops (a fixed stand-in, not the node's fee)`,
      validated !== null
        ? `LastLedgerSequence ${lastLedger}: ${LEDGER_WINDOW} after the last validated ledger seen (${validated})`
        : `LastLedgerSequence ${lastLedger}: no validated ledger was ever seen`,
    ];
    return {
      network: "testnet",
      transactionHash: hash,
      signedTransaction: tx_blob,
      ledgerIndex: null,
      explorerUrl: null,
      signer: this.serverAccount,
      sequence,
      assumptions,
    };
  }

  async serverState(): Promise<XrplServerState> {
    if (!this.seen.serverState) throw this.unseen();
    return this.seen.serverState;
  }

  async fee(): Promise<XrplFee> {
    throw this.unseen();
  }

  async accountDetails(address: string): Promise<XrplAccountDetails | null> {
    const last = this.seen.accounts?.get(address);
    if (!last) throw this.unseen();
    return { ...last, observed: "last-seen" };
  }

  async fund(): Promise<XrplFundResult> {
    // The faucet is part of the testnet: unreachable with it.
    return { funded: false, alreadyExisted: false };
  }

  async submitSigned(txBlob: string): Promise<XrplSignedSubmitResult> {
    let inspected;
    try {
      inspected = inspectSignedBlob(txBlob);
    } catch (err) {
      if (err instanceof BlobRefusal) throw new LedgerRejectedError("xrpl", `${err.field} ${err.reason}`);
      throw err;
    }
    const { tx, hash } = inspected;
    return {
      network: "testnet",
      status: "not-submitted",
      transactionHash: hash,
      signedTransaction: txBlob,
      ledgerIndex: null,
      explorerUrl: null,
      signer: tx.Account,
      engineResult: null,
      engineResultText:
        "not submitted: decoded and its signature checked offline while the XRPL testnet is unreachable",
      feeDrops: String(tx.Fee ?? "0"),
      sequence: Number(tx.Sequence ?? 0),
      lastLedgerSequence: Number(tx.LastLedgerSequence),
      validatedLedger: this.seen.validatedLedger,
      transactionType: tx.TransactionType,
      account: tx.Account,
      assumptions: [
        "never submitted: the signature was checked offline",
        this.seen.validatedLedger !== null
          ? `the last validated ledger seen was ${this.seen.validatedLedger}; LastLedgerSequence ${tx.LastLedgerSequence} ${Number(tx.LastLedgerSequence) > this.seen.validatedLedger ? "was still ahead of it" : `had passed (${describeEngineResult("tefMAX_LEDGER")})`}`
          : "no validated ledger was ever seen: its expiry cannot be judged",
      ],
    };
  }

  async transaction(): Promise<XrplTransactionLookup> {
    throw this.unseen();
  }

  async incomingPayments(): Promise<XrplIncomingPage> {
    throw this.unseen();
  }

  async issuedSupply(issuer: string, currency: string): Promise<XrplIssuedSupply> {
    const last = this.seen.supplies?.get(`${issuer}:${currency}`);
    if (!last) throw this.unseen();
    return last;
  }

  private unseen(): LedgerUnreachableError {
    return new LedgerUnreachableError("xrpl", this.endpoint, { cause: NEVER_SEEN });
  }
}
