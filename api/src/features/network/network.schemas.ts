// The HTTP contract of GET /api/network: which EVM chain the API serves, where a browser reaches it, and the
// addresses it knows by name. zod only, so the dapp shares it (its types).
import { z } from "zod";

export const addressLabelKind = z.enum(["dev-account", "server-signer", "safe", "contract"]);
export type AddressLabelKind = z.infer<typeof addressLabelKind>;

export const addressLabel = z.object({
  /** EIP-55 checksummed. */
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  label: z.string().min(1),
  kind: addressLabelKind,
});
export type AddressLabel = z.infer<typeof addressLabel>;

export const networkResponse = z.object({
  chainId: z.number().int().positive(),
  network: z.enum(["hardhat", "sepolia"]),
  /** The chain URL a browser may use (the chain guard's public port on the local chain); null on Sepolia, reached through the wallet. */
  rpcUrl: z.string().url().nullable(),
  /** "https://sepolia.etherscan.io"; null on the local chain, which has no explorer. */
  explorerBaseUrl: z.string().url().nullable(),
  /** Known addresses; one address may carry several (dev account #0 is also the server signer on the local chain). */
  labels: z.array(addressLabel),
});
export type NetworkResponse = z.infer<typeof networkResponse>;
