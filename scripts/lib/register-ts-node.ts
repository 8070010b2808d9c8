// Hardhat 2 loads hardhat.config.ts with require(); only its own CLI registers ts-node for that.
// Test workers that `import hre from "hardhat"` need it registered first (transpile-only, CommonJS,
// per the "ts-node" block of tsconfig.json).
import "ts-node/register/transpile-only";
