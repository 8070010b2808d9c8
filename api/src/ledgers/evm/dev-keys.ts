// Hardhat's public dev accounts, for the server-side tests that need several actors on the local chain (the
// Safe's owners #1-#3 sign a Safe transaction; the treasury test's borrower #7 and liquidator #8). They are
// derived from Hardhat's published mnemonic, so they are nobody's secret, and they are handed out only where
// they are what they claim to be: chain 31337 on the Hardhat network with the API's key being dev key #0.
// Anywhere else (Sepolia, a local node with a real key) there are none, and the caller says why. The
// derivation is config.ts's (devAccountKey), shared with the Safe road's owner keys (config.evm.safeOwnerKeys).
import type { Hex } from "viem";
import { devAccountKey } from "../../config";

const LOCAL_CHAIN_ID = 31337;

export interface DevKeys {
  /** The private key of dev account `index` (m/44'/60'/0'/0/index). */
  key(index: number): Hex;
}

export type DevKeysAnswer = { available: true; keys: DevKeys } | { available: false; reason: string };

/** From the API's EVM config (`config.evm`): the dev keys, or why there are none here. */
export function devKeysFor(evm: { network: string; chainId: number; usesDevKey: boolean }): DevKeysAnswer {
  if (evm.network !== "hardhat" || evm.chainId !== LOCAL_CHAIN_ID) {
    return {
      available: false,
      reason: `dev accounts exist only on the local Hardhat chain (${LOCAL_CHAIN_ID}); this API runs on ${evm.network} (chain ${evm.chainId})`,
    };
  }
  if (!evm.usesDevKey)
    return {
      available: false,
      reason:
        "the API's signer is not Hardhat dev key #0, so this is not the stack's own local chain: dev accounts are not used",
    };
  const cache = new Map<number, Hex>();
  return {
    available: true,
    keys: {
      key(index) {
        if (!Number.isInteger(index) || index < 0 || index > 19)
          throw new RangeError(`dev account index must be 0..19 (got ${index})`);
        let k = cache.get(index);
        if (!k) cache.set(index, (k = devAccountKey(index)));
        return k;
      },
    },
  };
}
