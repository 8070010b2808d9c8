// Hardhat 2 only registers ts-node from its CLI; imported as a library (vitest), its TypeScript config needs
// ts-node registered first. Import this module before "hardhat". transpile-only: type checking is tsc's job.
process.env.TS_NODE_TRANSPILE_ONLY ??= "true";
// eslint-disable-next-line @typescript-eslint/no-require-imports
require("ts-node/register");
