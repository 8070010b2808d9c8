// The offline signers by coin, each loaded on first use (api/src/ledgers/offline): the libraries are large, and an
// API that is never asked about coins never loads them. The EVM testnets share one signer (viem).
import type { OfflineSigner } from "../../ledgers/offline/types";
import type { CoinSymbol } from "./cryptocurrency.constants";

const evm = (symbol: string, name: string, chainId: number, nativeSymbol: string) => async () =>
  (await import("../../ledgers/offline/evm")).evmOfflineSigner({ symbol, name, chainId, nativeSymbol });

// Chain ids from each network's documentation (chainlist.org agrees): Fuji 43113, Arbitrum Sepolia 421614,
// OP Sepolia 11155420, Polygon Amoy 80002.
export const OFFLINE_SIGNERS: Partial<Record<CoinSymbol, () => Promise<OfflineSigner>>> = {
  BTC: async () => (await import("../../ledgers/offline/btc")).btcSigner,
  ADA: async () => (await import("../../ledgers/offline/ada")).adaSigner,
  SOL: async () => (await import("../../ledgers/offline/sol")).solSigner,
  AVAX: evm("AVAX", "Avalanche Fuji C-Chain", 43113, "AVAX"),
  DOT: async () => (await import("../../ledgers/offline/dot")).dotSigner,
  ALGO: async () => (await import("../../ledgers/offline/algo")).algoSigner,
  HBAR: async () => (await import("../../ledgers/offline/hbar")).hbarSigner,
  IOTA: async () => (await import("../../ledgers/offline/iota")).iotaSigner,
  XTZ: async () => (await import("../../ledgers/offline/xtz")).xtzSigner,
  VET: async () => (await import("../../ledgers/offline/vet")).vetSigner,
  KAS: async () => (await import("../../ledgers/offline/kas")).kasSigner,
  ARB: evm("ARB", "Arbitrum Sepolia", 421614, "ETH"),
  OP: evm("OP", "OP Sepolia", 11155420, "ETH"),
  MATIC: evm("MATIC", "Polygon Amoy", 80002, "POL"),
};
