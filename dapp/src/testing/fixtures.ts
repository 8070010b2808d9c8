import type {
  EthMintRecord,
  StellarMintRecord,
  XrpVolumeRecord,
} from "../../../api/src/features/minting/minting.schemas";
import type { LedgerStatusBody, UnifiedStatusResponse } from "../../../api/src/features/unified/unified.schemas";

const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

const base = {
  success: true as const,
  source: "live" as const,
  reason: null,
  signedTransaction: null,
  ledgerIndex: 12,
  explorerUrl: null,
  signer: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  quantumSecured: true,
  quantumAttestation: null,
  governmentValidated: false as const,
  assumptions: [] as string[],
  timestamp: "2025-01-01T12:00:00.000Z",
};

export function ethRecord(overrides: Partial<EthMintRecord> = {}): EthMintRecord {
  return {
    ...base,
    id: "eth-1",
    ledger: "ethereum",
    kind: "eth-mint",
    network: "hardhat",
    transactionHash: hash(0xe1),
    amount: "1,500 XQB + 1,000 XQBUSD",
    ethAmount: "0.5",
    xqbAmount: 1500,
    xqbusdAmount: 1000,
    recipient: base.signer,
    signedBy: "server",
    ...overrides,
  };
}

export function stellarRecord(overrides: Partial<StellarMintRecord> = {}): StellarMintRecord {
  return {
    ...base,
    id: "xlm-1",
    ledger: "stellar",
    kind: "stellar-mint",
    network: "testnet",
    source: "simulated",
    reason: "Horizon unreachable: fetch failed",
    transactionHash: "a".repeat(64),
    signer: "GABC",
    amount: "500 VIBE",
    xlmAmount: "10",
    vibeCoinsAmount: 500,
    environmentalAction: "tree_planting",
    satelliteVerified: false,
    ...overrides,
  };
}

export function xrpRecord(overrides: Partial<XrpVolumeRecord> = {}): XrpVolumeRecord {
  return {
    ...base,
    id: "xrp-1",
    ledger: "xrpl",
    kind: "xrp-volume",
    network: "testnet",
    transactionHash: "B".repeat(64),
    explorerUrl: "https://testnet.xrpl.org/transactions/" + "B".repeat(64),
    signer: "rSigner",
    amount: "1,000 XRP",
    processedAmount: 1000,
    destination: "rDest",
    ...overrides,
  };
}

function ledger(overrides: Partial<LedgerStatusBody> & Pick<LedgerStatusBody, "ledger" | "network">): LedgerStatusBody {
  return {
    mode: "live",
    reachable: true,
    reason: null,
    endpoint: "http://127.0.0.1:8545",
    latestBlock: 42,
    lastProbeAt: "2025-01-01T12:00:00.000Z",
    lastProbeLatencyMs: 3.4,
    account: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    ...overrides,
  };
}

export function unifiedStatus(): UnifiedStatusResponse {
  return {
    ledgers: {
      ethereum: ledger({ ledger: "ethereum", network: "hardhat" }),
      stellar: ledger({
        ledger: "stellar",
        network: "testnet",
        mode: "simulated",
        reachable: false,
        reason: "Horizon unreachable: fetch failed",
        endpoint: "https://horizon-testnet.stellar.org",
        latestBlock: null,
        lastProbeLatencyMs: 21,
        account: "GSTELLARACCOUNT",
      }),
      xrpl: ledger({
        ledger: "xrpl",
        network: "testnet",
        endpoint: "wss://s.altnet.rippletest.net:51233",
        latestBlock: 9_876_543,
        account: "rXRPACCOUNT",
      }),
    },
    database: { ok: true, driver: "pglite", latencyMs: 1.2, error: null },
    mints: { live: 3, simulated: 2 },
    uptimeSeconds: 100,
    timestamp: "2025-01-01T12:00:00.000Z",
  };
}

/** GET /api/minting/rates as the local deploy answers it. */
export const mintingRates = {
  ethereum: {
    source: "chain" as const,
    reason: null,
    network: "hardhat",
    minter: "0xa513E6E4b8f2a923D98304ec87F64353C4D5C853",
    xqbPerEth: 3000,
    xqbusdPerEth: 2000,
    collateralRatioPercent: 150,
    minDepositEth: "0.0001",
    ethUsdPrice: 3000,
  },
  stellar: { vibePerXlm: 50 },
  limits: {
    eth: { min: 0.0001, max: 100, decimals: 18 },
    xlm: { min: 0.0000001, max: 10_000, decimals: 7 },
    xrp: { min: 0.000001, max: 100_000, decimals: 6 },
  },
};
