// The child process of the testnet sandbox (testnet.sandbox.ts): a FRESH Hardhat in-process chain in this
// process (Hardhat's runtime is one per process), the whole suite deployed on it as `npm start` deploys it,
// then the readiness tests named on the command line ("treasury", "multisig") run on it, and one line of JSON
// is printed for the parent. The shared chain is never contacted: its price feed, its pools and every visitor's
// position stay as they are, whatever the tests move here.
// Run by the parent only: `tsx api/src/features/testnet/testnet.sandbox-child.ts treasury multisig`.
import { custom, keccak256, type Hex } from "viem";
import { deploySuite } from "../../../../scripts/lib/deploy-suite";
import { devSafeOwnerKeys, HARDHAT_DEV_KEY_0 } from "../../config";
import { EvmLiveChain, type EvmChain } from "../../ledgers/evm";
import { devKeysFor } from "../../ledgers/evm/dev-keys";
import { SafeRoad } from "../../ledgers/evm/safe/safe-road";
import { MemoryNonceStore, SignerRoad } from "../../ledgers/signer/signer-road";
import { runMultisigTest } from "./testnet.multisig-test";
import { multisigRoadFrom } from "./testnet.safe-road";
import { SANDBOX_LINE, type SandboxOutput } from "./testnet.sandbox-protocol";
import { runTreasuryTest } from "./testnet.treasury-test";

const hre: typeof import("hardhat") = require("hardhat");

async function main(): Promise<SandboxOutput> {
  const wanted = new Set(process.argv.slice(2));
  const deployStarted = new Date();
  const { deployment } = await deploySuite(hre);
  const deployedAt = new Date();
  const transport = custom(hre.network.provider, { retryCount: 0 });
  const node = new EvmLiveChain(
    {
      network: "hardhat",
      chainId: 31337,
      transport,
      endpoint: "in-process",
      privateKey: HARDHAT_DEV_KEY_0,
      explorerBaseUrl: null,
    },
    new SignerRoad(new MemoryNonceStore()),
  );
  const keys = devKeysFor({ network: "hardhat", chainId: 31337, usesDevKey: true });
  if (!keys.available) throw new Error(keys.reason);

  // What the parent compares with the shared chain: the code at every address (same code, same test).
  const codeHashes: Record<string, Hex> = {};
  for (const [name, entry] of Object.entries(deployment)) {
    if ((entry as { external?: boolean }).external) continue;
    codeHashes[name] = keccak256(await node.codeAt(entry.address as Hex));
  }
  const genesis = await node.block(0n);

  const out: SandboxOutput = {
    deployStartedAt: deployStarted.toISOString(),
    deployedAt: deployedAt.toISOString(),
    genesisHash: genesis.hash.toLowerCase(),
    contracts: Object.fromEntries(Object.entries(deployment).map(([n, e]) => [n, e.address])),
    codeHashes,
    treasury: null,
    multisig: null,
  };
  if (wanted.has("multisig")) {
    const safe = multisigRoadFrom(new SafeRoad(node as unknown as EvmChain, { ownerKeys: devSafeOwnerKeys() }));
    out.multisig = await runMultisigTest(safe, node);
  }
  if (wanted.has("treasury")) out.treasury = await runTreasuryTest(node, keys.keys);
  return out;
}

main().then(
  (out) => {
    process.stdout.write(`\n${SANDBOX_LINE}${JSON.stringify(out)}\n`);
    process.exit(0);
  },
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
