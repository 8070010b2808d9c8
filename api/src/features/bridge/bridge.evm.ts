// The bridge's operations on the EVM chain (BridgeEscrow): the locked total, whether a source id was
// released already, `release` (inbound payments and refunds alike), and reading a release back from the
// event index. Writes go through the selector on the live chain only: a simulated release is no release,
// so the relayer waits for the chain instead (the local chain is always live).
import type { Address, Hash, Hex } from "viem";
import { ContractRevertedError, type EvmChain } from "../../ledgers/evm";
import type { EventIndex } from "../../ledgers/evm/event-index/types";
import type { LedgerSelector } from "../../ledgers/selector";
import type { Source } from "../../ledgers/types";

export interface EscrowReading {
  totalLocked: bigint | null;
  address: Address | null;
  source: Source;
  reason: string | null;
}

export class BridgeEvm {
  constructor(
    private readonly selector: LedgerSelector<EvmChain>,
    private readonly index: EventIndex,
  ) {}

  /** True while the chain is live (a release can be sent and read back). */
  live(): boolean {
    return this.selector.status().mode === "live";
  }

  reason(): string | null {
    return this.selector.status().reason;
  }

  async escrow(): Promise<EscrowReading> {
    try {
      const r = await this.selector.run(async (evm) => ({
        value: await evm.read({ contract: "BridgeEscrow", functionName: "totalLocked" }),
        address: evm.address("BridgeEscrow"),
      }));
      return { totalLocked: r.value, address: r.address, source: r.source, reason: r.reason };
    } catch (err) {
      return {
        totalLocked: null,
        address: null,
        source: "simulated",
        reason: `BridgeEscrow.totalLocked could not be read: ${(err as Error).message}`,
      };
    }
  }

  async isReleased(chain: 1 | 2, id: Hex): Promise<boolean> {
    const r = await this.selector.run(async (evm) => ({
      value: await evm.read({ contract: "BridgeEscrow", functionName: "isReleased", args: [chain, id] }),
    }));
    if (r.source !== "live")
      throw new Error(`the chain is simulated (${r.reason}): cannot tell whether ${id} was released`);
    return r.value;
  }

  /** The Released event for `id` in the index (its transaction), or null when the index does not have it (yet). */
  async releasedTx(chain: 1 | 2, id: Hex): Promise<Hash | null> {
    const events = await this.index.events({
      contract: "BridgeEscrow",
      eventName: "Released",
      args: { sourceTxId: id.toLowerCase(), sourceChain: String(chain) },
      limit: 1,
    });
    return events[0]?.transactionHash ?? null;
  }

  /**
   * BridgeEscrow.release(to, amount, id, chain) from the API's relayer account. Answers the transaction and
   * whether it was mined; `alreadyReleased` when the contract says this id went out before (a relayer that
   * died after sending it).
   */
  async release(req: {
    to: Address;
    amount: bigint;
    id: Hex;
    chain: 1 | 2;
  }): Promise<{ hash: Hash | null; mined: boolean; alreadyReleased: boolean }> {
    try {
      const r = await this.selector.run((evm, ctx) =>
        evm.write(
          { contract: "BridgeEscrow", functionName: "release", args: [req.to, req.amount, req.id, req.chain] },
          ctx,
        ),
      );
      if (r.source !== "live") throw new Error(`the chain is simulated (${r.reason}): the release was not sent`);
      if (r.receipt && r.receipt.status !== "success")
        throw new Error(`release ${r.transactionHash} reverted on-chain`);
      return { hash: r.transactionHash, mined: r.receipt !== null, alreadyReleased: false };
    } catch (err) {
      if (err instanceof ContractRevertedError && err.errorName === "AlreadyReleased")
        return { hash: await this.releasedTx(req.chain, req.id), mined: true, alreadyReleased: true };
      throw err;
    }
  }
}
