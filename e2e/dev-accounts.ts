// Hardhat's dev accounts (the public test mnemonic), for the browser tests' injected wallets. Playwright runs two
// specs at once (playwright.config.ts): a spec whose wallet sends transactions, or whose assertions read a balance,
// uses an account of its own, so another spec's transactions never move what it measures. #0 is the server's
// signer, #1-#3 the Safe's owners, #10-#16 hold the genesis XQB; the "chain" lane's specs (one at a time) keep #1.
import { mnemonicToAccount } from "viem/accounts";
import type { Address } from "viem";

const MNEMONIC = "test test test test test test test test test test test junk";

/** Each spec's own dev account (the injected wallet's accountIndex). */
export const SPEC_ACCOUNT = {
  faucet: 5,
  treasuryStaking: 6,
  liquidStaking: 7,
  qIsolatorDashboard: 8,
  qIsolatorAgencyKey: 9,
  crowdfunding: 17,
  /** Allow-listed as a verifier by the local deploy (scripts/lib/deploy-crowdfunding.ts CROWDFUNDING_VERIFIER_INDEX). */
  crowdfundingVerifier: 18,
} as const;

/** The checksummed address of dev account #index. */
export const devAddress = (index: number): Address => mnemonicToAccount(MNEMONIC, { addressIndex: index }).address;

/** The address as the app bar shortens it: 0x7099…79C8. */
export const shortAddress = (address: Address) => `${address.slice(0, 6)}…${address.slice(-4)}`;
