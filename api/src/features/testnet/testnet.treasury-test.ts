// The treasury test (POST /api/testnet/test-treasury): the vault's risk rules shown on the chain with two
// dev accounts. The borrower (#7) deposits ETH and mints XQBUSD at exactly 150% (its position's
// maxMintable); a further mint that would leave it at 149% is refused (CollateralRatioTooLow, decoded); the
// API's signer (#0, the mock feed's updater) moves the ETH/USD price down 5% at a time until the position is
// below 130%; the liquidator (#8) deposits and mints its own XQBUSD, then liquidates the borrower; the price
// is put back to what it was. Every step records its transaction hash and the numbers read around it.
// Only on the local chain with the dev keys: elsewhere every step is skipped with the reason, never faked.
import { privateKeyToAccount } from "viem/accounts";
import type { Address, Hex } from "viem";
import type { LooseCall } from "../../ledgers/evm/live";
import type { BlockStamp, DryRunResult, WriteResult } from "../../ledgers/evm";
import { failed, failedBy, numbers, passed, revertOf, skipped, StepFailed } from "./testnet.steps";
import { TREASURY_TEST_ACCOUNTS, type TestStep, type VaultPosition, type VaultState } from "./testnet.schemas";

/** The chain as the tests use it: the live node (never the simulated twin: a test must run for real). */
export interface TestChain {
  read(call: LooseCall): Promise<never>;
  write(call: LooseCall): Promise<WriteResult>;
  writeAs(privateKey: Hex, call: LooseCall): Promise<WriteResult>;
  dryRun(call: LooseCall, from: Address): Promise<DryRunResult>;
  block(blockNumber?: bigint): Promise<BlockStamp>;
  readonly account: Address;
}

const BPS = 10_000n;
const MIN_RATIO_BPS = 15_000n;
const REFUSED_RATIO_BPS = 14_900n;
/** The borrower's deposit each run. */
const BORROWER_DEPOSIT_WEI = 10n ** 18n;
/** Each price move: -5%. At most this many moves (0.95^10 = 60% of the price). */
const PRICE_STEP_PERCENT = 5n;
const MAX_PRICE_STEPS = 10;

interface RawPosition {
  ethCollateral: bigint;
  usdcCollateral: bigint;
  collateralValueUsd: bigint;
  debt: bigint;
  collateralRatioBps: bigint;
  healthy: boolean;
  liquidatable: boolean;
  maxMintable: bigint;
}

const MAX_UINT = (1n << 256n) - 1n;
const ratioText = (bps: bigint) => (bps === MAX_UINT ? "max" : bps.toString());

export function toVaultPosition(account: Address, p: RawPosition): VaultPosition {
  return {
    account,
    ethCollateral: p.ethCollateral.toString(),
    usdcCollateral: p.usdcCollateral.toString(),
    collateralValueUsd: p.collateralValueUsd.toString(),
    debt: p.debt.toString(),
    collateralRatioBps: ratioText(p.collateralRatioBps),
    healthy: p.healthy,
    liquidatable: p.liquidatable,
    maxMintable: p.maxMintable.toString(),
  };
}

export const TREASURY_STEP_NAMES = {
  feed: "ETH/USD mock feed is fresh (refreshed by the API signer #0 if it was stale)",
  deposit: "Borrower (#7) deposits 1 ETH as collateral",
  mint150: "Borrower (#7) mints XQBUSD at exactly 150% (the position's maxMintable)",
  refuse149: "A further mint that would leave the position at 149% is refused",
  priceDown: "API signer (#0) moves the mock ETH/USD price down 5%",
  liquidatorFunds: "Liquidator (#8) deposits ETH and mints the XQBUSD it will repay",
  liquidate: "Liquidator (#8) liquidates the borrower below 130%",
  restore: "API signer (#0) restores the ETH/USD price to what it was",
} as const;

/** Every step, skipped with `reason` (a chain where the feed cannot be moved or the dev keys do not exist). */
export function skippedTreasurySteps(reason: string): TestStep[] {
  const n = TREASURY_STEP_NAMES;
  return [
    skipped(n.feed, "transaction", reason),
    skipped(n.deposit, "transaction", reason),
    skipped(n.mint150, "transaction", reason),
    skipped(n.refuse149, "call", reason, "CollateralRatioTooLow"),
    skipped(n.priceDown, "transaction", reason),
    skipped(n.liquidatorFunds, "transaction", reason),
    skipped(n.liquidate, "transaction", reason),
    skipped(n.restore, "transaction", reason),
  ];
}

export async function runTreasuryTest(
  chain: TestChain,
  keys: { key(index: number): Hex },
): Promise<{ steps: TestStep[]; vault: VaultState | null }> {
  const steps: TestStep[] = [];
  const n = TREASURY_STEP_NAMES;
  const borrowerKey = keys.key(TREASURY_TEST_ACCOUNTS.borrower);
  const liquidatorKey = keys.key(TREASURY_TEST_ACCOUNTS.liquidator);
  const borrower = privateKeyToAccount(borrowerKey).address;
  const liquidator = privateKeyToAccount(liquidatorKey).address;

  const position = (account: Address) =>
    chain.read({ contract: "TreasuryVault", functionName: "positionOf", args: [account] }) as Promise<RawPosition>;
  const roundData = async () => {
    const [, answer, , updatedAt] = (await chain.read({
      contract: "MockV3Aggregator",
      functionName: "latestRoundData",
    })) as readonly [bigint, bigint, bigint, bigint, bigint];
    return { answer, updatedAt };
  };
  const setPrice = (answer: bigint) =>
    chain.write({ contract: "MockV3Aggregator", functionName: "updateAnswer", args: [answer] });
  /** Runs one step's action; a throw is recorded as the step's failure and stops the test. */
  const attempt = async <T>(name: string, kind: TestStep["kind"], action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (err) {
      steps.push(failedBy(name, kind, err));
      throw new StepFailed(name);
    }
  };
  const mined = (name: string, w: WriteResult) => {
    if (w.receipt?.status !== "success") {
      steps.push(
        failed(name, "transaction", {
          txHash: w.transactionHash,
          detail: w.receipt ? "the transaction reverted" : "not mined within the wait",
        }),
      );
      throw new StepFailed(name);
    }
    return w.transactionHash;
  };

  // The price as the test found it, put back at the end whatever happened in between.
  const original = await roundData();
  let priceMoved = false;
  try {
    // 0. A stale price stops every vault operation that needs it (e.g. after the local clock was advanced).
    const [maxAge, latest] = await Promise.all([
      chain.read({ contract: "TreasuryVault", functionName: "maxPriceAge" }) as Promise<bigint>,
      chain.block(),
    ]);
    const age = BigInt(latest.timestamp) - original.updatedAt;
    if (age > maxAge) {
      const w = await attempt(n.feed, "transaction", () => setPrice(original.answer));
      steps.push(
        passed(n.feed, "transaction", {
          txHash: mined(n.feed, w),
          numbers: numbers({ answer: original.answer, ageSeconds: age, maxPriceAgeSeconds: maxAge }),
          detail: `the price was ${age} s old (max ${maxAge} s): the same answer was written again`,
        }),
      );
    } else {
      steps.push(
        passed(n.feed, "read", {
          numbers: numbers({ answer: original.answer, ageSeconds: age, maxPriceAgeSeconds: maxAge }),
          detail: `the price is ${age} s old (max ${maxAge} s)`,
        }),
      );
    }

    // 1. Deposit.
    const before = await position(borrower);
    const dep = await attempt(n.deposit, "transaction", () =>
      chain.writeAs(borrowerKey, {
        contract: "TreasuryVault",
        functionName: "depositEth",
        value: BORROWER_DEPOSIT_WEI,
      }),
    );
    const afterDeposit = await position(borrower);
    steps.push(
      passed(n.deposit, "transaction", {
        txHash: mined(n.deposit, dep),
        numbers: numbers({
          depositWei: BORROWER_DEPOSIT_WEI,
          ethCollateralBefore: before.ethCollateral,
          ethCollateralAfter: afterDeposit.ethCollateral,
          collateralValueUsd: afterDeposit.collateralValueUsd,
          maxMintable: afterDeposit.maxMintable,
        }),
        detail: `collateral ${before.ethCollateral} -> ${afterDeposit.ethCollateral} wei`,
      }),
    );

    // 2. Mint exactly the position's maxMintable: the ratio lands on 150%.
    const toMint = afterDeposit.maxMintable;
    const mint = await attempt(n.mint150, "transaction", () =>
      chain.writeAs(borrowerKey, { contract: "TreasuryVault", functionName: "mintXqbusd", args: [toMint] }),
    );
    const at150 = await position(borrower);
    const mintHash = mined(n.mint150, mint);
    const mintNums = numbers({
      minted: toMint,
      debt: at150.debt,
      collateralValueUsd: at150.collateralValueUsd,
      collateralRatioBps: at150.collateralRatioBps,
      maxMintableAfter: at150.maxMintable,
    });
    if (at150.collateralRatioBps < MIN_RATIO_BPS || at150.collateralRatioBps > MIN_RATIO_BPS + 1n) {
      steps.push(
        failed(n.mint150, "transaction", {
          txHash: mintHash,
          numbers: mintNums,
          detail: `the ratio after the mint is ${at150.collateralRatioBps} bps, not 15000`,
        }),
      );
      throw new StepFailed(n.mint150);
    }
    steps.push(
      passed(n.mint150, "transaction", {
        txHash: mintHash,
        numbers: mintNums,
        detail: `debt ${at150.debt}, ratio ${at150.collateralRatioBps} bps (150.00%)`,
      }),
    );

    // 3. The amount that would leave the position at exactly 149%: refused by the vault's own check.
    const extra = (at150.collateralValueUsd * BPS) / REFUSED_RATIO_BPS - at150.debt;
    const refusedCall = { contract: "TreasuryVault", functionName: "mintXqbusd", args: [extra] } as const;
    try {
      await chain.dryRun(refusedCall, borrower);
      steps.push(
        failed(n.refuse149, "call", {
          expectedError: "CollateralRatioTooLow",
          numbers: numbers({ extra }),
          detail: "the vault accepted a mint to 149%",
        }),
      );
      throw new StepFailed(n.refuse149);
    } catch (err) {
      if (err instanceof StepFailed) throw err;
      const r = revertOf(err);
      const nums = numbers({
        extra,
        debtWouldBe: at150.debt + extra,
        ratioWouldBeBps: (at150.collateralValueUsd * BPS) / (at150.debt + extra),
      });
      if (r.errorName !== "CollateralRatioTooLow") {
        steps.push(
          failed(n.refuse149, "call", {
            expectedError: "CollateralRatioTooLow",
            revertReason: r.reason,
            numbers: nums,
            detail: `refused for another reason: ${r.reason}`,
          }),
        );
        throw new StepFailed(n.refuse149);
      }
      steps.push(
        passed(n.refuse149, "call", {
          expectedError: "CollateralRatioTooLow",
          revertReason: r.reason,
          numbers: nums,
          detail: `eth_call of mintXqbusd(${extra}) from #7 reverted as expected; nothing was sent`,
        }),
      );
    }

    // 4. Price down 5% at a time until the position may be liquidated (below 130%).
    let price = original.answer;
    let now = at150;
    for (let i = 1; !now.liquidatable; i++) {
      if (i > MAX_PRICE_STEPS) {
        steps.push(
          failed(n.priceDown, "transaction", {
            numbers: numbers({ answer: price, collateralRatioBps: now.collateralRatioBps }),
            detail: `still not below 130% after ${MAX_PRICE_STEPS} moves`,
          }),
        );
        throw new StepFailed(n.priceDown);
      }
      const next = (price * (100n - PRICE_STEP_PERCENT)) / 100n;
      const name = `${n.priceDown} (move ${i})`;
      const w = await attempt(name, "transaction", () => setPrice(next));
      priceMoved = true;
      const hash = mined(name, w);
      now = await position(borrower);
      steps.push(
        passed(name, "transaction", {
          txHash: hash,
          numbers: numbers({
            answerBefore: price,
            answerAfter: next,
            collateralRatioBps: now.collateralRatioBps,
            liquidatable: now.liquidatable,
          }),
          detail: `ratio ${now.collateralRatioBps} bps${now.liquidatable ? ": below 130%, liquidatable" : ""}`,
        }),
      );
      price = next;
    }

    // 5. The liquidator needs XQBUSD to repay the debt: its own deposit and mint at today's (lowered) price.
    const debt = now.debt;
    const held = (await chain.read({ contract: "XQBUSD", functionName: "balanceOf", args: [liquidator] })) as bigint;
    const need = debt > held ? debt - held : 0n;
    if (need > 0n) {
      const priceScale = (await chain.read({ contract: "TreasuryVault", functionName: "priceScale" })) as bigint;
      // 10% above the 150% minimum, so rounding never leaves it a unit short.
      const depositWei = (need * MIN_RATIO_BPS * 11n * priceScale) / (BPS * 10n * price) + 1n;
      const d = await attempt(n.liquidatorFunds, "transaction", () =>
        chain.writeAs(liquidatorKey, { contract: "TreasuryVault", functionName: "depositEth", value: depositWei }),
      );
      const dHash = mined(n.liquidatorFunds, d);
      const m = await attempt(n.liquidatorFunds, "transaction", () =>
        chain.writeAs(liquidatorKey, { contract: "TreasuryVault", functionName: "mintXqbusd", args: [need] }),
      );
      const mHash = mined(n.liquidatorFunds, m);
      steps.push(
        passed(`${n.liquidatorFunds}: deposit`, "transaction", {
          txHash: dHash,
          numbers: numbers({ depositWei }),
          detail: `${depositWei} wei at the lowered price`,
        }),
      );
      steps.push(
        passed(`${n.liquidatorFunds}: mint`, "transaction", {
          txHash: mHash,
          numbers: numbers({ minted: need, heldBefore: held }),
          detail: `${need} XQBUSD minted at its own ≥150%`,
        }),
      );
    } else {
      steps.push(
        passed(n.liquidatorFunds, "read", {
          numbers: numbers({ held, debt }),
          detail: "already holds enough XQBUSD from an earlier run",
        }),
      );
    }

    // 6. Liquidation of the whole debt: the liquidator receives that value plus the 5% bonus in ETH.
    const liqEthBefore = (await chain.read({
      contract: "TreasuryVault",
      functionName: "positionOf",
      args: [borrower],
    })) as RawPosition;
    const l = await attempt(n.liquidate, "transaction", () =>
      chain.writeAs(liquidatorKey, { contract: "TreasuryVault", functionName: "liquidate", args: [borrower, debt] }),
    );
    const lHash = mined(n.liquidate, l);
    const afterLiq = await position(borrower);
    const seized = liqEthBefore.ethCollateral - afterLiq.ethCollateral;
    steps.push(
      passed(n.liquidate, "transaction", {
        txHash: lHash,
        numbers: numbers({
          repaid: debt,
          ethSeizedWei: seized,
          ratioBeforeBps: liqEthBefore.collateralRatioBps,
          debtAfter: afterLiq.debt,
          ethCollateralAfter: afterLiq.ethCollateral,
        }),
        detail: `repaid ${debt} XQBUSD of debt, seized ${seized} wei (value + 5% bonus); borrower's debt now ${afterLiq.debt}`,
      }),
    );
  } catch (err) {
    if (!(err instanceof StepFailed)) steps.push(failedBy("unexpected failure", "read", err));
  } finally {
    // 7. Price back to where it was, even after a failed step.
    if (priceMoved) {
      try {
        const w = await setPrice(original.answer);
        const ok = w.receipt?.status === "success";
        const after = await roundData();
        const s = {
          txHash: w.transactionHash,
          numbers: numbers({ answer: after.answer, original: original.answer }),
          detail: ok ? `price back to ${original.answer}` : "the restore did not mine",
        };
        steps.push(
          ok && after.answer === original.answer
            ? passed(n.restore, "transaction", s)
            : failed(n.restore, "transaction", s),
        );
      } catch (err) {
        steps.push(failedBy(n.restore, "transaction", err));
      }
    }
  }
  const vault = await readVaultState(chain, borrower, liquidator).catch(() => null);
  return { steps, vault };
}

export async function readVaultState(chain: TestChain, borrower: Address, liquidator: Address): Promise<VaultState> {
  const [price, decimals, system, supply, b, l] = await Promise.all([
    chain.read({ contract: "TreasuryVault", functionName: "ethUsdPrice" }) as Promise<bigint>,
    chain.read({ contract: "MockV3Aggregator", functionName: "decimals" }) as Promise<number>,
    chain.read({ contract: "TreasuryVault", functionName: "systemCollateralRatioBps" }) as Promise<bigint>,
    chain.read({ contract: "TreasuryVault", functionName: "xqbusdSupply" }) as Promise<bigint>,
    chain.read({ contract: "TreasuryVault", functionName: "positionOf", args: [borrower] }) as Promise<RawPosition>,
    chain.read({ contract: "TreasuryVault", functionName: "positionOf", args: [liquidator] }) as Promise<RawPosition>,
  ]);
  return {
    ethUsdPrice: price.toString(),
    feedDecimals: Number(decimals),
    systemCollateralRatioBps: ratioText(system),
    xqbusdSupply: supply.toString(),
    borrower: toVaultPosition(borrower, b),
    liquidator: toVaultPosition(liquidator, l),
  };
}
