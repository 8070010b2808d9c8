import { xrpToDrops } from "xrpl";
import type { XrplClient, XrpVolumeReceipt, XrpVolumeRequest } from "../types";
import { FEE_DROPS, LEDGER_WINDOW, type XrplAccountState, type XrplWallets } from "./wallets";

/** Signs the same Payment offline with the real server wallet; never submits it. */
export class XrplSimulatedClient implements XrplClient {
  // Each offline transaction takes the next sequence after the last one signed here, so two identical
  // requests sign two different transactions, as they would on the ledger.
  private lastSequence = 0;

  constructor(private readonly wallets: XrplWallets, private readonly state: XrplAccountState) {}

  async volumeTest({ xrpAmount }: XrpVolumeRequest): Promise<XrpVolumeReceipt> {
    const { server, destination } = this.wallets;
    const { tx_blob, hash } = server.sign({
      TransactionType: "Payment",
      Account: server.address,
      Destination: destination.address,
      Amount: xrpToDrops(xrpAmount),
      Sequence: (this.lastSequence = Math.max(this.state.sequence ?? 1, this.lastSequence + 1)),
      Fee: FEE_DROPS,
      LastLedgerSequence: this.state.validatedLedger !== null ? this.state.validatedLedger + LEDGER_WINDOW : 20,
    });
    return {
      network: "testnet",
      transactionHash: hash,
      signedTransaction: tx_blob,
      ledgerIndex: null,
      explorerUrl: null,
      signer: server.address,
      processedAmount: xrpAmount,
      destination: destination.address,
    };
  }
}
