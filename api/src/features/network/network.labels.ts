// Names for the addresses a user of the local chain meets: Hardhat's dev accounts (whose keys are public),
// the server's signing account, the treasury Safe and the suite's contracts (the deploy map).
import { getAddress, type Address } from "viem";
import type { AddressLabel } from "./network.schemas";

export const HARDHAT_CHAIN_ID = 31_337;

/**
 * The 20 accounts `hardhat node` funds: m/44'/60'/0'/0/N of "test test … junk". Listed rather than derived
 * at start (20 derivations cost ~0.6 s of CPU); network.labels.test.ts derives them and compares.
 */
export const HARDHAT_DEV_ACCOUNTS: readonly Address[] = [
  "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
  "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
  "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
  "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
  "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
  "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f",
  "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
  "0xBcd4042DE499D14e55001CcbB24a551F3b954096",
  "0x71bE63f3384f5fb98995898A86B02Fb2426c5788",
  "0xFABB0ac9d68B0B445fB7357272Ff202C5651694a",
  "0x1CBd3b2770909D4e10f157cABC84C7264073C9Ec",
  "0xdF3e18d64BC6A983f673Ab319CCaE4f1a57C7097",
  "0xcd3B766CCDd6AE721141F452C550Ca635964ce71",
  "0x2546BcD3c84621e976D8185a91A922aE77ECEc30",
  "0xbDA5747bFD65F08deb54cb465eB87D40e51B197E",
  "0xdD2FD4581271e230360230F9337D5c0430Bf44C0",
  "0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199",
];

export const HARDHAT_MNEMONIC = "test test test test test test test test test test test junk";

/** The Safe's label: its threshold and owner count as read from the chain, or just its name when unread. */
export function safeLabel(policy: { threshold: number; owners: number } | null): string {
  return policy ? `Treasury Safe (${policy.threshold}-of-${policy.owners})` : "Treasury Safe";
}

export interface LabelInputs {
  chainId: number;
  serverSigner: Address;
  /** The deploy map of this chain by contract name; null when the chain has none. */
  contracts: Partial<Record<string, { address: Address }>> | null;
  safePolicy: { threshold: number; owners: number } | null;
}

/** Server signer first, then the Safe, the dev accounts, the contracts: the order a badge prefers. */
export function addressLabels(i: LabelInputs): AddressLabel[] {
  const labels: AddressLabel[] = [
    { address: getAddress(i.serverSigner), label: "Server signer", kind: "server-signer" },
  ];
  const safe = i.contracts?.TreasuryMultisig;
  if (safe) labels.push({ address: getAddress(safe.address), label: safeLabel(i.safePolicy), kind: "safe" });
  if (i.chainId === HARDHAT_CHAIN_ID) {
    HARDHAT_DEV_ACCOUNTS.forEach((address, n) =>
      labels.push({ address, label: `Hardhat dev account #${n}, local use only`, kind: "dev-account" }),
    );
  }
  for (const [name, c] of Object.entries(i.contracts ?? {})) {
    if (c && name !== "TreasuryMultisig")
      labels.push({ address: getAddress(c.address), label: name, kind: "contract" });
  }
  return labels;
}
