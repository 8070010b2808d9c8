// The multi-sig test's Safe road on the local chain, until the shared one (api/src/ledgers/evm/safe, branch
// qt-api) is wired in its place: one plain Call (operation 0, no refund), hashed by the Safe itself
// (getTransactionHash at its current nonce), signed by dev owners #1-#3 (eth_sign-free ECDSA over the
// safeTxHash, v = 27/28, as Safe's checkNSignatures accepts), sorted by owner address, and sent by the API's
// signer (#0) as execTransaction. A refusal comes back as the Safe's revert ("GS020") from the eth_call
// the chain client makes before signing, so a refused execution is never sent.
import { concat, zeroAddress, type Address, type Hash, type Hex } from "viem";
import { privateKeyToAccount, sign } from "viem/accounts";
import type { LooseCall } from "../../ledgers/evm/live";
import type { WriteResult } from "../../ledgers/evm";
import type { MultisigProposal, MultisigRoad } from "./testnet.multisig-test";

interface LocalProposal extends MultisigProposal {
  to: Address;
  value: bigint;
  data: Hex;
}

export function createLocalSafeRoad(chain: { read(call: LooseCall): Promise<never>; write(call: LooseCall): Promise<WriteResult>; address(c: LooseCall["contract"]): Address }, keys: { key(index: number): Hex }): MultisigRoad {
  const SAFE = "TreasuryMultisig" as const;
  return {
    async info() {
      const [owners, threshold] = await Promise.all([chain.read({ contract: SAFE, functionName: "getOwners" }) as Promise<readonly Address[]>, chain.read({ contract: SAFE, functionName: "getThreshold" }) as Promise<bigint>]);
      return { address: chain.address(SAFE), owners: [...owners], threshold: Number(threshold) };
    },
    async propose(call) {
      const nonce = (await chain.read({ contract: SAFE, functionName: "nonce" })) as bigint;
      const value = call.value ?? 0n;
      const safeTxHash = (await chain.read({
        contract: SAFE,
        functionName: "getTransactionHash",
        args: [call.to, value, call.data, 0, 0n, 0n, 0n, zeroAddress, zeroAddress, nonce],
      })) as Hash;
      return { safeTxHash, nonce, to: call.to, value, data: call.data } satisfies LocalProposal;
    },
    async sign(proposal, ownerIndex) {
      if (![1, 2, 3].includes(ownerIndex)) throw new RangeError(`the Safe's dev owners are #1-#3 (got ${ownerIndex})`);
      const key = keys.key(ownerIndex);
      return { owner: privateKeyToAccount(key).address, signature: await sign({ hash: proposal.safeTxHash, privateKey: key, to: "hex" }) };
    },
    async execute(proposal, signatures) {
      const p = proposal as LocalProposal;
      // The Safe wants signatures ordered by owner address, ascending.
      const sorted = [...signatures].sort((a, b) => (BigInt(a.owner) < BigInt(b.owner) ? -1 : 1));
      const w = await chain.write({
        contract: SAFE,
        functionName: "execTransaction",
        args: [p.to, p.value, p.data, 0, 0n, 0n, 0n, zeroAddress, zeroAddress, concat(sorted.map((s) => s.signature))],
      });
      return { transactionHash: w.transactionHash, status: w.receipt?.status ?? "reverted" };
    },
  };
}
