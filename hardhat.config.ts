import { subtask, type HardhatUserConfig } from "hardhat/config";
import { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, TASK_NODE_CREATE_SERVER } from "hardhat/builtin-tasks/task-names";
import type { Server } from "node:http";
import { INTERNAL_NODE_ENV, lockToStack } from "./scripts/lib/internal-node";
import "@nomicfoundation/hardhat-viem";
// OpenZeppelin's plugin: lets one known warning be silenced by file and code, not by hiding output.
import "hardhat-ignore-warnings";

// The machines this runs on reach no compiler download server: compile with the npm `solc` (solcjs/wasm).
// solidity.version must equal the installed package's version; anything else fails loudly.

const SOLC_VERSION: string = require("solc/package.json").version;

subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async (args: { solcVersion: string }) => {
  if (args.solcVersion !== SOLC_VERSION) {
    throw new Error(`offline build: only solc ${SOLC_VERSION} is installed (asked for ${args.solcVersion})`);
  }
  return {
    compilerPath: require.resolve("solc/soljson.js"),
    isSolcJs: true,
    version: SOLC_VERSION,

    longVersion: require("solc").version(),
  };
});

// `npm start` runs `hardhat node` on an internal port behind its chain guard and sets HARDHAT_NODE_INTERNAL=1:
// the node's server then also refuses browsers (Origin) and foreign Host headers (scripts/lib/internal-node.ts).
subtask(TASK_NODE_CREATE_SERVER, async (args, _hre, runSuper) => {
  const server = await runSuper(args);
  if (process.env[INTERNAL_NODE_ENV] === "1") lockToStack((server as { _httpServer: Server })._httpServer);
  return server;
});

// The in-process chain's id: 31337, except in the Sepolia rehearsal (contracts/suite/sepolia-rehearsal.test.ts),
// which runs it as 11155111 so the deploy takes its non-local path without reaching Sepolia.
const inProcessChainId = Number(process.env.HARDHAT_CHAIN_ID?.trim() || 31337);
if (!Number.isSafeInteger(inProcessChainId) || inProcessChainId <= 0) {
  throw new Error(`HARDHAT_CHAIN_ID must be a positive integer, got ${process.env.HARDHAT_CHAIN_ID}`);
}

// The node `npm start` runs: LOCAL_RPC_URL when set (the stack sets it to the node's internal port for its own
// deploy), else the public chain port CHAIN_PORT (default 8545), which is the chain guard in front of the node.
const localRpcUrl = process.env.LOCAL_RPC_URL?.trim() || `http://127.0.0.1:${process.env.CHAIN_PORT?.trim() || 8545}`;

const sepoliaUrl = process.env.SEPOLIA_RPC_URL;
const sepoliaKey = process.env.EVM_PRIVATE_KEY;

const config: HardhatUserConfig = {
  solidity: {
    version: SOLC_VERSION,
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun" },
  },
  warnings: {
    // solc warns on every tstore (2394); OpenZeppelin's ReentrancyGuardTransient clears its slot before each
    // call returns, the use the warning itself calls safe. Other files' transient-storage warnings still show.
    "@openzeppelin/contracts/utils/TransientSlot.sol": { 2394: "off" },
  },
  paths: { sources: "./contracts", tests: "./contracts/test", cache: "./cache", artifacts: "./artifacts" },
  networks: {
    hardhat: { chainId: inProcessChainId },
    localhost: { url: localRpcUrl, chainId: 31337 },
    ...(sepoliaUrl && sepoliaKey ? { sepolia: { url: sepoliaUrl, chainId: 11155111, accounts: [sepoliaKey] } } : {}),
  },
};

export default config;
