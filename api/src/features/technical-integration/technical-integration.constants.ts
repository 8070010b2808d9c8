// The technical overview's plain values (no zod, no libraries): the dapp imports them for its first paint
// (dapp/src/features/technical-integration/constants.ts). Rules in words, shown on the page beside what they govern.

/** Every network read of one overview (a node, Horizon's root, rippled's server_info) answers within this. */
export const READ_TIMEOUT_MS = 3000;
/** One overview answers every request for this long (a write this process answers renews it sooner). */
export const CACHE_MS = 10_000;

/**
 * The packages whose installed versions say what this product is built on (the API, the page, the contracts and
 * the ledgers' clients). Which ones matter is our choice; their versions come from package-lock.json.
 */
export const KEY_DEPENDENCIES = [
  { name: "viem", part: "EVM client (API and page)" },
  { name: "wagmi", part: "wallet connection (page)" },
  { name: "react", part: "page" },
  { name: "@mui/material", part: "page components" },
  { name: "@tanstack/react-query", part: "page data fetching" },
  { name: "react-router-dom", part: "page routing" },
  { name: "express", part: "API server" },
  { name: "zod", part: "API schemas in and out" },
  { name: "zod-openapi", part: "OpenAPI document" },
  { name: "drizzle-orm", part: "database access" },
  { name: "@electric-sql/pglite", part: "embedded PostgreSQL" },
  { name: "@stellar/stellar-sdk", part: "Stellar client" },
  { name: "xrpl", part: "XRP Ledger client" },
  { name: "hardhat", part: "local chain and compiler" },
  { name: "solc", part: "Solidity compiler (solcjs)" },
  { name: "@openzeppelin/contracts", part: "contract library" },
  { name: "@safe-global/safe-contracts", part: "treasury multisig" },
  { name: "@noble/post-quantum", part: "ML-DSA / ML-KEM" },
  { name: "vite", part: "page build" },
  { name: "vitest", part: "tests" },
  { name: "@playwright/test", part: "browser tests" },
  { name: "typescript", part: "language" },
] as const;

export const RULES = {
  cache: `Computed once and kept ${CACHE_MS / 1000} s for every visitor (a write this API answers renews it); the deploy map, the OpenAPI document, the versions and the code layout are read once per process.`,
  timeout: `Every network read (the EVM node, Horizon's root, rippled's server_info) has ${READ_TIMEOUT_MS / 1000} s; one that does not answer shows no value and says why.`,
  codeHash:
    "The code hash is keccak256 of eth_getCode at the contract's address, read now; the compiler is the one the bytecode's own metadata names.",
  admins:
    "Admin rights as the mainnet-readiness feature reads them from the chain: AccessControl roles granted (event index) and confirmed with hasRole now, owner() for Ownable contracts.",
  deployTransaction:
    "The deploy transaction is found in the contract's deploy block: the transaction whose receipt created the address, or the factory call whose logs it emitted.",
  versions:
    "Installed versions from package-lock.json (the declared range from package.json beside it); the Solidity settings from what Hardhat last compiled with (cache/solidity-files-cache.json, from hardhat.config.ts).",
  road: "Each layer lists what the code holds there: the deploy map, the ledger selectors, the feature folders' files, the route table (through the OpenAPI document) and the page table.",
} as const;

/** The two roads data takes (docs/ARCHITECTURE.md), layer by layer; what sits on each layer is computed. */
export const SERVER_ROAD = [
  { id: "contracts", label: "Contracts" },
  { id: "deploy-map", label: "Generated deploy map" },
  { id: "chain-clients", label: "Chain clients" },
  { id: "ledger-operations", label: "Feature ledger operations" },
  { id: "services", label: "Services" },
  { id: "routes", label: "Routes (zod in and out)" },
  { id: "fetch-hooks", label: "Typed fetch hooks" },
  { id: "pages", label: "Pages" },
] as const;

export const WALLET_ROAD = [
  { id: "wallet-pages", label: "Pages" },
  { id: "transaction-flow", label: "Shared transaction flow" },
  { id: "wallet", label: "Wallet" },
  { id: "chain", label: "Chain" },
  { id: "receipt-read-back", label: "API reads the receipt back" },
] as const;

export const ACCESS_RULES = ["visitor", "wallet", "operator"] as const;
