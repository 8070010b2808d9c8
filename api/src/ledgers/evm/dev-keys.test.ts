// The dev keys are Hardhat's own accounts (same addresses as the in-process chain's), and exist only on the
// local chain with the dev key #0 in use.
import hre from "hardhat";
import { getAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { HARDHAT_DEV_KEY_0 } from "../../config";
import { devKeysFor } from "./dev-keys";

describe("devKeysFor", () => {
  it("on the local chain with dev key #0: Hardhat's accounts #0, #7 and #8", async () => {
    const answer = devKeysFor({ network: "hardhat", chainId: 31337, usesDevKey: true });
    if (!answer.available) throw new Error(answer.reason);
    expect(answer.keys.key(0)).toBe(HARDHAT_DEV_KEY_0);
    const wallets = await hre.viem.getWalletClients();
    for (const i of [1, 7, 8])
      expect(privateKeyToAccount(answer.keys.key(i)).address).toBe(getAddress(wallets[i]!.account.address));
    expect(() => answer.keys.key(20)).toThrow(RangeError);
  });

  it("elsewhere: none, with the reason", () => {
    expect(devKeysFor({ network: "sepolia", chainId: 11155111, usesDevKey: false })).toEqual({
      available: false,
      reason: expect.stringMatching(/only on the local Hardhat chain \(31337\); this API runs on sepolia/),
    });
    expect(devKeysFor({ network: "hardhat", chainId: 31337, usesDevKey: false })).toEqual({
      available: false,
      reason: expect.stringMatching(/not Hardhat dev key #0/),
    });
  });
});
