import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { parseEther, parseUnits } from "viem";

/** Names the deploy map uses; the same names as the Solidity contracts. */
export const MINTING_CONTRACTS = ["XQBToken", "XQBUSD", "XQBMinter"] as const;
export type MintingContractName = (typeof MINTING_CONTRACTS)[number];

export interface DeployedContract {
  address: `0x${string}`;
  deployedOnBlock: number;
}
export type MintingDeployment = Record<MintingContractName, DeployedContract>;

/** Spec part 1 section 9: 1 ETH gives 3,000 XQB; ETH priced at $3,000 until a feed replaces it. */
export const MINTING_PARAMS = {
  xqbPerEth: 3_000n,
  ethUsdPrice: parseUnits("3000", 8),
  minDepositWei: parseEther("0.0001"),
} as const;

/**
 * Deploys XQB, XQBUSD and the ETH minter with the first wallet as admin, and gives the minter its
 * MINTER_ROLE on both tokens. Works on the in-process network and on any configured network.
 */
export async function deployMinting(hre: HardhatRuntimeEnvironment): Promise<MintingDeployment> {
  const [admin] = await hre.viem.getWalletClients();
  if (!admin) throw new Error("deploy: the network has no account to deploy from");
  const publicClient = await hre.viem.getPublicClient();
  const adminAddress = admin.account.address;

  // Waits for a deployment's receipt, so the map records the real deploy block.
  const mined = async <C extends { address: `0x${string}` }>(
    name: MintingContractName,
    sent: { contract: C; deploymentTransaction: { hash: `0x${string}` } },
  ) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: sent.deploymentTransaction.hash });
    if (receipt.status !== "success") throw new Error(`deploy: ${name} reverted`);
    return { contract: sent.contract, deployedOnBlock: Number(receipt.blockNumber) };
  };

  const xqb = await mined("XQBToken", await hre.viem.sendDeploymentTransaction("XQBToken", [adminAddress]));
  const xqbusd = await mined("XQBUSD", await hre.viem.sendDeploymentTransaction("XQBUSD", [adminAddress]));
  const minter = await mined(
    "XQBMinter",
    await hre.viem.sendDeploymentTransaction("XQBMinter", [
      adminAddress,
      xqb.contract.address,
      xqbusd.contract.address,
      MINTING_PARAMS.xqbPerEth,
      MINTING_PARAMS.ethUsdPrice,
      MINTING_PARAMS.minDepositWei,
    ]),
  );

  const minterRole = await xqb.contract.read.MINTER_ROLE();
  for (const token of [xqb.contract, xqbusd.contract]) {
    const hash = await token.write.grantRole([minterRole, minter.contract.address]);
    await publicClient.waitForTransactionReceipt({ hash });
  }

  const entry = (d: { contract: { address: `0x${string}` }; deployedOnBlock: number }) => ({
    address: d.contract.address,
    deployedOnBlock: d.deployedOnBlock,
  });
  return { XQBToken: entry(xqb), XQBUSD: entry(xqbusd), XQBMinter: entry(minter) };
}
