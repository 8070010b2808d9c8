// Shows, on a chain with the suite deployed, what issue 3 promises: the ETH minter's 3,000 XQB and at most
// 2,000 XQBUSD per ETH; a withdrawal claimable after its delay and not before; a multisig transaction that
// needs 2 of 3 owners; a 3x leverage position opened and unwound for the ETH less fees and interest. Everything runs inside evm_snapshot /
// evm_revert, so the chain (a running `npm start` node, say) is left exactly as it was.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { encodeFunctionData, formatEther, getAddress, parseEther, type Address, type PublicClient } from "viem";
import {
  buildSafeTransactionAt,
  encodeSignatures,
  executeSafeTransaction,
  signSafeTransaction,
  type SafeSigner,
} from "../../api/src/ledgers/evm/safe/safe-tx";

export interface SuiteDemoReport {
  mint: { ethIn: string; xqbOut: string; xqbusdOut: string; xqbusdCap: string };
  withdrawal: { pool: string; delaySeconds: number; earlyClaim: string; claimedEth: string };
  multisig: { oneSignature: string; twoSignatures: string; vaultPausedAfter: boolean };
  leverage: { pool: string; ethIn: string; leverage: string; debtAtOpen: string; daysHeld: number; ethOut: string };
}

/** The revert reason of a failed call, as short text (custom error name or Safe's GSxxx code). */
function revertReason(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (
    /GS\d{3}/.exec(text)?.[0] ??
    /reverted with (?:custom error )?'?([A-Za-z]+\([^)]*\))/.exec(text)?.[1] ??
    /([A-Z][A-Za-z]+)\(/.exec(text)?.[1] ??
    text.split("\n")[0]!
  );
}

async function mustRevert(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return revertReason(err);
  }
  throw new Error("suite demo: expected a revert, but the call succeeded");
}

export async function runSuiteDemo(
  hre: HardhatRuntimeEnvironment,
  addresses: Record<string, Address>,
): Promise<SuiteDemoReport> {
  const publicClient = (await hre.viem.getPublicClient()) as PublicClient;
  const wallets = await hre.viem.getWalletClients();
  const [, owner1, owner2, , user] = wallets;
  if (!owner1 || !owner2 || !user) throw new Error("suite demo: needs Hardhat's dev accounts 1, 2 and 4");
  const at = (name: string) => {
    const a = addresses[name];
    if (!a) throw new Error(`suite demo: ${name} is not in the deploy map`);
    return getAddress(a);
  };
  const wait = async (hash: `0x${string}`) => {
    const r = await publicClient.waitForTransactionReceipt({ hash });
    if (r.status !== "success") throw new Error(`suite demo: ${hash} reverted`);
    return r;
  };
  const snapshot = (await hre.network.provider.request({ method: "evm_snapshot" })) as string;
  try {
    // 1. ETH minter
    const xqb = await hre.viem.getContractAt("XQBToken", at("XQBToken"));
    const xqbusd = await hre.viem.getContractAt("XQBUSD", at("XQBUSD"));
    const minter = await hre.viem.getContractAt("XQBMinter", at("XQBMinter"));
    const vault = await hre.viem.getContractAt("TreasuryVault", at("TreasuryVault"));
    const me = user.account.address;
    const [xqb0, usd0] = await Promise.all([xqb.read.balanceOf([me]), xqbusd.read.balanceOf([me])]);
    await wait(await minter.write.mint([me], { value: parseEther("1"), account: user.account }));
    const [xqb1, usd1] = await Promise.all([xqb.read.balanceOf([me]), xqbusd.read.balanceOf([me])]);
    const price = await vault.read.ethUsdPrice(); // 8 decimals
    const cap = (parseEther("1") * price * 10_000n) / (10n ** 8n * 15_000n);
    const mint = {
      ethIn: "1",
      xqbOut: formatEther(xqb1 - xqb0),
      xqbusdOut: formatEther(usd1 - usd0),
      xqbusdCap: formatEther(cap),
    };

    // 2. Withdrawal queue: claimable after its delay, not before
    const pool = await hre.viem.getContractAt("LiquidStakingPool", at("qETH"));
    const shares0 = await pool.read.balanceOf([me]);
    await wait(await pool.write.depositEth([me], { value: parseEther("1"), account: user.account }));
    const shares = (await pool.read.balanceOf([me])) - shares0;
    const requestId = await pool.simulate.requestWithdrawal([shares], { account: me }).then((s) => s.result);
    await wait(await pool.write.requestWithdrawal([shares], { account: user.account }));
    const delay = Number(await pool.read.withdrawalDelay());
    const earlyClaim = await mustRevert(pool.write.claimEth([requestId], { account: user.account }));
    await hre.network.provider.request({ method: "evm_increaseTime", params: [delay] });
    await hre.network.provider.request({ method: "evm_mine", params: [] });
    const before = await publicClient.getBalance({ address: me });
    const claim = await wait(await pool.write.claimEth([requestId], { account: user.account }));
    const claimed = (await publicClient.getBalance({ address: me })) - before + claim.gasUsed * claim.effectiveGasPrice;
    const withdrawal = { pool: "qETH", delaySeconds: delay, earlyClaim, claimedEth: formatEther(claimed) };

    // 3. A 3x position on qETH opened and unwound (through the liquidity buffer) 30 days later
    const lending = await hre.viem.getContractAt("LendingPool", at("LendingPool"));
    const router = await hre.viem.getContractAt("LeverageRouter", at("LeverageRouter"));
    await wait(await lending.write.setDelegate([router.address, true], { account: user.account }));
    const opened = await router.simulate.openPosition([pool.address, 30_000n, 0n], {
      account: me,
      value: parseEther("1"),
    });
    await wait(
      await router.write.openPosition([pool.address, 30_000n, 0n], { account: user.account, value: parseEther("1") }),
    );
    const days = 30;
    await hre.network.provider.request({ method: "evm_increaseTime", params: [days * 24 * 3600] });
    await hre.network.provider.request({ method: "evm_mine", params: [] });
    const ethBefore = await publicClient.getBalance({ address: me });
    const close = await wait(await router.write.closePosition([pool.address, 0n], { account: user.account }));
    const ethOut =
      (await publicClient.getBalance({ address: me })) - ethBefore + close.gasUsed * close.effectiveGasPrice;
    const leverage = {
      pool: "qETH",
      ethIn: "1",
      leverage: "3x",
      debtAtOpen: formatEther(opened.result[1]),
      daysHeld: days,
      ethOut: formatEther(ethOut),
    };

    // 4. Multisig: pausing the treasury vault takes 2 of the 3 owners
    const safe = at("TreasuryMultisig");
    const chainId = await publicClient.getChainId();
    const pause = encodeFunctionData({ abi: vault.abi, functionName: "pause" });
    const tx = await buildSafeTransactionAt(publicClient, safe, { to: vault.address, data: pause });
    const sig1 = await signSafeTransaction(owner1 as SafeSigner, chainId, safe, tx);
    const oneSignature = await mustRevert(executeSafeTransaction(owner1 as SafeSigner, publicClient, safe, tx, [sig1]));
    const sig2 = await signSafeTransaction(owner2 as SafeSigner, chainId, safe, tx);
    await executeSafeTransaction(owner1 as SafeSigner, publicClient, safe, tx, encodeSignatures([sig1, sig2]));
    const multisig = { oneSignature, twoSignatures: "executed", vaultPausedAfter: await vault.read.paused() };

    return { mint, withdrawal, multisig, leverage };
  } finally {
    await hre.network.provider.request({ method: "evm_revert", params: [snapshot] });
  }
}
