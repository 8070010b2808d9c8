// The deploy's "first writes": one small real operation on each token path right after deployment, so
// that the one-off cost of turning a zero storage slot into a non-zero one (20,000 gas per slot: a token's
// total supply, the ETH minter's vault position, the vault's USDC balance) is paid once by the deployer
// and never by the first user who happens to come along. Uniswap v2's minimum liquidity and the dead
// shares of our own staking pools do the same. Every call here is an ordinary public operation, visible on
// chain; docs/GAS.md lists them.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { parseAbi, parseEther, parseUnits, type Address, type Hex } from "viem";
import { MINTING_PARAMS } from "./deploy-minting";
import { role } from "./deploy-treasury";

export const FIRST_WRITES = {
  /** The ETH minter's minimum deposit, minted to the deployer (0.3 XQB + 0.2 XQBUSD at $3,000). */
  mintWei: MINTING_PARAMS.minDepositWei,
  /** One VIBE to the reward service itself. */
  vibe: parseEther("1"),
  /** Mock USDC (local chain only): the deployer's float, and one dollar of it deposited in the vault. */
  usdcFloat: parseUnits("1000", 6),
  usdcInVault: parseUnits("1", 6),
} as const;

const ABI = parseAbi([
  "function mint(address recipient) payable returns (uint256, uint256)",
  "function mint(address to, uint256 amount)",
  "function hasRole(bytes32 role, address account) view returns (bool)",
  "function approve(address spender, uint256 amount) returns (bool)",
  "function depositUsdc(uint256 amount)",
]);

export interface FirstWritesTargets {
  XQBMinter: Address;
  VibeCoin: Address;
  TreasuryVault: Address;
  /** Only on the local chain, where the USDC is ours. */
  MockUSDC?: Address;
}

/** Sends the first writes from the first wallet; returns what it did, one line per operation. */
export async function seedFirstWrites(hre: HardhatRuntimeEnvironment, t: FirstWritesTargets): Promise<string[]> {
  const [deployer] = await hre.viem.getWalletClients();
  const publicClient = await hre.viem.getPublicClient();
  if (!deployer) throw new Error("deploy: the network has no account to deploy from");
  const me = deployer.account.address;
  const done: string[] = [];
  const wait = async (hash: Hex, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`deploy: first write ${what} reverted`);
    done.push(`${what}: ${receipt.gasUsed.toLocaleString("en-US")} gas (total)`);
  };

  await wait(
    await deployer.writeContract({
      address: t.XQBMinter,
      abi: ABI,
      functionName: "mint",
      args: [me],
      value: FIRST_WRITES.mintWei,
    }),
    "XQBMinter.mint (first XQBUSD, the minter's vault position)",
  );
  const canMintVibe = await publicClient.readContract({
    address: t.VibeCoin,
    abi: ABI,
    functionName: "hasRole",
    args: [role("MINTER_ROLE"), me],
  });
  if (canMintVibe) {
    await wait(
      await deployer.writeContract({
        address: t.VibeCoin,
        abi: ABI,
        functionName: "mint",
        args: [me, FIRST_WRITES.vibe],
      }),
      "VibeCoin.mint (first VIBE)",
    );
  }
  if (t.MockUSDC) {
    await wait(
      await deployer.writeContract({
        address: t.MockUSDC,
        abi: ABI,
        functionName: "mint",
        args: [me, FIRST_WRITES.usdcFloat],
      }),
      "MockUSDC.mint (first USDC)",
    );
    await wait(
      await deployer.writeContract({
        address: t.MockUSDC,
        abi: ABI,
        functionName: "approve",
        args: [t.TreasuryVault, FIRST_WRITES.usdcInVault],
      }),
      "MockUSDC.approve",
    );
    await wait(
      await deployer.writeContract({
        address: t.TreasuryVault,
        abi: ABI,
        functionName: "depositUsdc",
        args: [FIRST_WRITES.usdcInVault],
      }),
      "TreasuryVault.depositUsdc (the vault's first USDC)",
    );
  }
  return done;
}
