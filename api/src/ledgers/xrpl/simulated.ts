// The simulated XRPL client: the same transaction, signed offline with the real server wallet on the last
// sequence and ledger seen; never submitted.
import type { SubmittableTransaction, Wallet } from "xrpl";
import { FEE_DROPS, LEDGER_WINDOW, type XrplLedgerClient, type XrplSeen, type XrplSubmitResult, type XrplTransactionRequest } from "./client";

/** LastLedgerSequence when no validated ledger was ever seen (a stand-in, said in the assumptions). */
const UNSEEN_LAST_LEDGER = 20;

export class XrplSimulatedClient implements XrplLedgerClient {
  readonly network = "testnet" as const;
  readonly serverAccount: string;
  // Each offline transaction takes the next sequence after the last one signed here, so two identical
  // requests sign two different transactions, as they would on the ledger.
  private lastSequence = 0;

  constructor(private readonly server: Wallet, private readonly seen: XrplSeen) {
    this.serverAccount = server.address;
  }

  async ensureFunded(): Promise<void> {
    // Nothing is submitted, so nothing needs an account.
  }

  async submit(request: XrplTransactionRequest): Promise<XrplSubmitResult> {
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
}
