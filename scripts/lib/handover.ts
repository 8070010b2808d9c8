// Moves a contract's admin rights from the deployer to the multisig: grant first, renounce after, so there
// is never a moment without an admin. Idempotent: roles already where they belong are left alone.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { getAddress, parseAbi, type Address } from "viem";
import { role } from "./deploy-treasury";

const ACCESS_CONTROL_ABI = parseAbi([
  "function hasRole(bytes32 role, address account) view returns (bool)",
  "function grantRole(bytes32 role, address account)",
  "function renounceRole(bytes32 role, address callerConfirmation)",
]);
const DEFAULT_ADMIN_ROLE = `0x${"00".repeat(32)}` as const;

/**
 * Gives `newAdmin` DEFAULT_ADMIN_ROLE and each of `roleNames` the deployer holds on `contract`, then has
 * the deployer renounce them (DEFAULT_ADMIN_ROLE last, since it is needed to grant the others).
 */
export async function handOverAdmin(
  hre: HardhatRuntimeEnvironment,
  contract: Address,
  newAdmin: Address,
  roleNames: readonly string[] = ["PAUSER_ROLE"],
): Promise<void> {
  const [deployer] = await hre.viem.getWalletClients();
  const publicClient = await hre.viem.getPublicClient();
  const me = getAddress(deployer!.account.address);
  const roles = [...roleNames.map(role), DEFAULT_ADMIN_ROLE];
  const has = (r: `0x${string}`, who: Address) =>
    publicClient.readContract({ address: contract, abi: ACCESS_CONTROL_ABI, functionName: "hasRole", args: [r, who] });
  const send = async (functionName: "grantRole" | "renounceRole", r: `0x${string}`, who: Address) => {
    const hash = await deployer!.writeContract({
      address: contract,
      abi: ACCESS_CONTROL_ABI,
      functionName,
      args: [r, who],
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`handover: ${functionName} on ${contract} reverted`);
  };

  for (const r of roles) {
    if (!(await has(r, newAdmin)) && (await has(r, me))) await send("grantRole", r, newAdmin);
  }
  for (const r of roles) {
    if (await has(r, me)) await send("renounceRole", r, me);
  }
}
