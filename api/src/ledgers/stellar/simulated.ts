import type { StellarClient, StellarMintReceipt, StellarMintRequest } from "../types";
import type { StellarAccountState, StellarKeys } from "./keys";
import { buildMintTransaction, envelopeBase64, hashHex, VIBE_CODE } from "./transaction";

/** Builds and signs the same mint transaction offline with the real keys; never submits it. */
export class StellarSimulatedClient implements StellarClient {
  // The account sequence the next offline transaction builds on: advanced after each one signed here, so
  // two identical requests sign two different transactions, as they would on the ledger.
  private lastSequence = -1n;

  constructor(private readonly keys: StellarKeys, private readonly state: StellarAccountState) {}

  async mintVibeCoins(req: StellarMintRequest): Promise<StellarMintReceipt> {
    const known = BigInt(this.state.sequence ?? "0");
    this.lastSequence = known > this.lastSequence ? known : this.lastSequence + 1n;
    const tx = buildMintTransaction(this.keys, this.lastSequence.toString(), this.state.hasTrustline !== true, req);
    return {
      network: "testnet",
      transactionHash: hashHex(tx),
      signedTransaction: envelopeBase64(tx),
      ledgerIndex: null,
      explorerUrl: null,
      signer: this.keys.distributor.publicKey(),
      vibeAmount: req.vibeAmount,
      assetCode: VIBE_CODE,
      assetIssuer: this.keys.issuer.publicKey(),
    };
  }
}
