import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { parseEther, parseUnits, stringToHex, type Address, type Hex } from "viem";
import {
  deployAndWait,
  deployTreasury,
  grant,
  LOCAL_CHAIN_ID,
  TREASURY_CONTRACTS,
  type DeployedContract,
  type TreasuryDeployment,
  type TreasuryOptions,
} from "./deploy-treasury";

export type { DeployedContract } from "./deploy-treasury";

/** Names the deploy map uses; the same names as the Solidity contracts. */
export const MINTING_CONTRACTS = ["XQBToken", "XQBUSD", "XQBMinter"] as const;
export type MintingContractName = (typeof MINTING_CONTRACTS)[number];
/** Everything deployMinting deploys (the treasury's contracts included), in deploy order. */
export const ALL_CONTRACTS = [...TREASURY_CONTRACTS, "XQBToken", "XQBMinter"] as const;

/** The three minting contracts plus the treasury's (TreasuryVault, VibeCoin, and the local mocks). */
export type MintingDeployment = Record<MintingContractName, DeployedContract> & TreasuryDeployment;

/**
 * Spec part 1 section 9: 1 ETH gives 3,000 XQB. `ethUsdPrice` is the local mock feed's first answer
 * ($3,000, 8 decimals); on Sepolia the Chainlink feed decides.
 */
export const MINTING_PARAMS = {
  xqbPerEth: 3_000n,
  ethUsdPrice: parseUnits("3000", 8),
  minDepositWei: parseEther("0.0001"),
} as const;

/** The spec's XQB allocation table (part 1 section 3), in this order; labels are the spec's field names. */
export const GENESIS_ALLOCATION = [
  { label: "founderAllocation", amount: parseEther("30000000") },
  { label: "treasuryReserves", amount: parseEther("45000000") },
  { label: "stakingRewards", amount: parseEther("30000000") },
  { label: "liquidityPools", amount: parseEther("22500000") },
  { label: "developmentFund", amount: parseEther("15000000") },
  { label: "marketingAllocation", amount: parseEther("4500000") },
  { label: "communityIncentives", amount: parseEther("3000000") },
] as const;
export type GenesisLabel = (typeof GENESIS_ALLOCATION)[number]["label"];

/**
 * Local genesis holders: Hardhat's default dev accounts 10-16 ("test test ... junk" mnemonic), one per
 * bucket in table order. Distinct, deterministic, and their keys are known, so a demo can move the tokens;
 * accounts 0-9 stay free for the deployer, the API key and test wallets. Never use them on a public chain
 * (the keys are public): there, XQB_GENESIS_ADDRESSES or `genesis` must name the holders, and the
 * treasury reserves should go to the 2-of-3 multisig.
 */
export const LOCAL_GENESIS_ADDRESSES: Record<GenesisLabel, Address> = {
  founderAllocation: "0xBcd4042DE499D14e55001CcbB24a551F3b954096", // dev account 10
  treasuryReserves: "0x71bE63f3384f5fb98995898A86B02Fb2426c5788", // 11
  stakingRewards: "0xFABB0ac9d68B0B445fB7357272Ff202C5651694a", // 12
  liquidityPools: "0x1CBd3b2770909D4e10f157cABC84C7264073C9Ec", // 13
  developmentFund: "0xdF3e18d64BC6A983f673Ab319CCaE4f1a57C7097", // 14
  marketingAllocation: "0xcd3B766CCDd6AE721141F452C550Ca635964ce71", // 15
  communityIncentives: "0x2546BcD3c84621e976D8185a91A922aE77ECEc30", // 16
};

export interface MintingOptions extends TreasuryOptions {
  /** Genesis holders per bucket. Default: LOCAL_GENESIS_ADDRESSES on the local chain; other chains must name
   *  them (deploySuite passes XQB_GENESIS_ADDRESSES, read and checked by deploy-settings.ts). */
  genesis?: Record<GenesisLabel, Address>;
  /** Also gets XQBToken MINTER_ROLE for the treasury's "Mint XQB" action; default: the deployer. null: nobody. */
  treasuryOperator?: Address | null;
  /** An existing treasury deployment (from deployTreasury) to wire to, instead of deploying one. */
  treasury?: TreasuryDeployment;
}

/** The genesis argument for XQBToken's constructor: [{ label (bytes32), account, amount }]. */
export function genesisArgs(
  holders: Record<GenesisLabel, Address>,
): { label: Hex; account: Address; amount: bigint }[] {
  return GENESIS_ALLOCATION.map((g) => ({
    label: stringToHex(g.label, { size: 32 }),
    account: holders[g.label],
    amount: g.amount,
  }));
}

/**
 * Deploys the treasury (deployTreasury: XQBUSD, TreasuryVault, VibeCoin, local mocks) unless `treasury` is
 * given, then XQBToken with the genesis allocation and the ETH minter, and wires the roles: the minter gets
 * MINTER_ROLE on XQBToken and on the vault (which mints its XQBUSD), the treasury operator MINTER_ROLE on
 * XQBToken. The first wallet deploys and is DEFAULT_ADMIN_ROLE everywhere. `deployMinting(hre)` alone
 * works on the local chain (in-process or node); other chains need the addresses named in the options.
 */
export async function deployMinting(
  hre: HardhatRuntimeEnvironment,
  options: MintingOptions = {},
): Promise<MintingDeployment> {
  const [admin] = await hre.viem.getWalletClients();
  if (!admin) throw new Error("deploy: the network has no account to deploy from");
  const publicClient = await hre.viem.getPublicClient();
  const adminAddress = admin.account.address;
  const chainId = await publicClient.getChainId();

  const genesis = options.genesis ?? (chainId === LOCAL_CHAIN_ID ? LOCAL_GENESIS_ADDRESSES : undefined);
  if (!genesis)
    throw new Error(
      `deploy: chain ${chainId} needs the XQB genesis holders (options.genesis; deploySuite reads XQB_GENESIS_ADDRESSES)`,
    );

  const treasury = options.treasury ?? (await deployTreasury(hre, options));
  const xqb = await deployAndWait(hre, "XQBToken", [adminAddress, genesisArgs(genesis)]);
  const minter = await deployAndWait(hre, "XQBMinter", [
    adminAddress,
    xqb.address,
    treasury.TreasuryVault.address,
    MINTING_PARAMS.xqbPerEth,
    MINTING_PARAMS.minDepositWei,
  ]);

  await grant(hre, xqb.address, "MINTER_ROLE", minter.address);
  await grant(hre, treasury.TreasuryVault.address, "MINTER_ROLE", minter.address);
  const operator = options.treasuryOperator === undefined ? adminAddress : options.treasuryOperator;
  if (operator) await grant(hre, xqb.address, "MINTER_ROLE", operator);

  return { ...treasury, XQBToken: xqb, XQBMinter: minter };
}
