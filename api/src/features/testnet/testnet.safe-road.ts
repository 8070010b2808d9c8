// The multi-sig test's view of the shared Safe road (api/src/ledgers/evm/safe): one call proposed as a plain
// Call, signed by the dev owners the road holds (local chain only), executed through attemptExecute, which
// answers the Safe's refusal (GS020) instead of sending a transaction that would revert.
import type { SafeOwnerSignature, SafeProposal, SafeRoad } from "../../ledgers/evm/safe/safe-road";
import type { MultisigProposal, MultisigRoad } from "./testnet.multisig-test";

interface Held extends MultisigProposal {
  proposal: SafeProposal;
}

export function multisigRoadFrom(road: SafeRoad): MultisigRoad {
  return {
    async info() {
      const s = await road.state();
      return { address: s.address, owners: s.owners, threshold: s.threshold };
    },
    async propose(call) {
      const proposal = await road.propose([call], { label: "testnet multi-sig test" });
      return { safeTxHash: proposal.safeTxHash, nonce: proposal.tx.nonce, proposal } satisfies Held;
    },
    sign: (p, ownerIndex) => road.sign((p as Held).proposal, ownerIndex),
    async attemptExecute(p, signatures) {
      const r = await road.attemptExecute((p as Held).proposal, signatures as SafeOwnerSignature[]);
      if (!r.executed) return { executed: false, reason: r.reason };
      return { executed: true, transactionHash: r.transactionHash, status: r.write.receipt?.status ?? "reverted" };
    },
  };
}
