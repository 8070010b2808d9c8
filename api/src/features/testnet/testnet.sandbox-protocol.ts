// What the sandbox's child process (testnet.sandbox-child.ts) prints for its parent (testnet.sandbox.ts): one
// line starting with SANDBOX_LINE, then JSON. Plain types only, so the API never loads Hardhat to read it.
import type { TestStep, VaultState } from "./testnet.schemas";

export const SANDBOX_LINE = "@@testnet-sandbox@@";

export interface SandboxOutput {
  /** When the fresh deploy of the suite began and ended (ISO). */
  deployStartedAt: string;
  deployedAt: string;
  /** The in-process chain's genesis block hash (a new chain each run). */
  genesisHash: string;
  /** Map name -> address on the in-process chain (the committed map's, as on a fresh `npm start`). */
  contracts: Record<string, string>;
  /** Map name -> keccak256 of the code there, compared with the shared chain's code by the parent. */
  codeHashes: Record<string, string>;
  treasury: { steps: TestStep[]; vault: VaultState | null } | null;
  multisig: { multisig: TestStep[]; emergency: TestStep[] } | null;
}
