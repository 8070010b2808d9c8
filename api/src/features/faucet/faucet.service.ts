// The faucet's rules: what each asset gives here and why not, one claim per wallet and asset per window and a
// global budget per asset per hour and per day (reserved in the database before anything is signed, released
// if the send fails), and the claim itself on the live local chain. A claim survives a crash: its signed
// transaction's hash and nonce are recorded before it leaves, and claims a dead process left unsettled are
// settled from the chain (mined: completed; never sent, dropped or reverted: released), never lost or doubled.
import { MomentCache } from "../../shared/moment-cache";
import { noteProcessWrite } from "../../shared/process-writes";
import { formatUnits, getAddress, type Address, type Hash, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { HttpError, fieldError } from "../../http/errors";
import { withTimeout } from "../../ledgers/deadline";
import { EvmSimulatedChain, type EvmChain } from "../../ledgers/evm";
import type { DevKeysAnswer } from "../../ledgers/evm/dev-keys";
import type { LedgerSelector } from "../../ledgers/selector";
import { LedgerRejectedError, LedgerUnreachableError } from "../../ledgers/types";
import {
  FAUCET_AMOUNTS,
  FAUCET_ASSETS,
  FAUCET_DECIMALS,
  FAUCET_DEV_ACCOUNT,
  FAUCET_METHODS,
  FAUCET_WINDOW_SECONDS,
  PUBLIC_SEPOLIA_ETH_FAUCETS,
  PUBLIC_SEPOLIA_USDC_FAUCETS,
  type FaucetAsset,
  type FaucetLink,
} from "./faucet.constants";
import {
  balanceOf,
  claimUnits,
  deployedOn,
  faucetBalanceOf,
  fateOf,
  sendClaim,
  signerMintsUsdc,
  type FaucetNode,
} from "./faucet.ledger";
import type { BudgetUse, FaucetBudget, FaucetClaimStore, StoredClaim } from "./faucet.repository";
import type { FaucetAssetStatus, FaucetClaimResponse, FaucetStatusResponse } from "./faucet.schemas";

export interface FaucetServiceDeps {
  network: string;
  chainId: number;
  /** The EVM selector: live or not (its probes), and the run that bounds a live op. */
  evm: LedgerSelector<EvmChain>;
  /** The live chain (the selector's live client). */
  node: FaucetNode;
  /** The local chain's dev keys (the faucet account is #16), or why there are none here. */
  devKeys: DevKeysAnswer;
  store: FaucetClaimStore;
  /** The global budget per asset (config FAUCET_HOURLY_CLAIMS / FAUCET_DAILY_CLAIMS). */
  budget: FaucetBudget;
  /**
   * True when this process is the database's only user (PGlite): a claim it is not sending itself was left by
   * a dead process and is settled at once. False (PostgreSQL replicas): only claims older than SETTLE_GRACE_MS,
   * since another replica may be sending it right now.
   */
  soleWriter: boolean;
  /**
   * TEST ONLY (FAUCET_TEST_CRASH_AFTER; the crash test, faucet.crash.test.ts): the process's n-th claim stops for
   * good at the list's n-th stage, right after its transaction is "recorded" (signed, hash stored, not sent) or
   * "sent" (mined, not yet marked completed), and says so on stderr, so the test can kill -9 the process there.
   * Honoured on the local chain only; unset (always, outside that test) it does nothing.
   */
  testCrashAfter?: readonly TestCrashStage[];
  /** Unix ms; tests move it. */
  now?: () => number;
}

export type TestCrashStage = "recorded" | "sent";

/** On a shared database, a claim is someone else's send in progress until it is this old (a send takes ms; the live op's bound is far below). */
export const SETTLE_GRACE_MS = 120_000;
/** What a settling pass did. */
export interface SettleReport {
  completed: number;
  released: number;
  /** Still undecided (in the node's pool, chain unreachable, or within the grace on a shared database). */
  waiting: number;
}

/** Each chain reading of the status gets this long. */
const READ_TIMEOUT_MS = 3000;
const firstLine = (err: unknown) => (err instanceof Error ? err.message.split("\n")[0]! : String(err));
const whole = (units: bigint, asset: FaucetAsset) => formatUnits(units, FAUCET_DECIMALS[asset]);

export function createFaucetService(deps: FaucetServiceDeps) {
  const now = deps.now ?? Date.now;
  const windowMs = FAUCET_WINDOW_SECONDS * 1000;
  const local = deps.devKeys.available;
  const faucetKey: Hex | null = deps.devKeys.available ? deps.devKeys.keys.key(FAUCET_DEV_ACCOUNT) : null;
  const faucetAccount: Address | null = faucetKey ? privateKeyToAccount(faucetKey).address : null;
  const deployed = deployedOn(deps.chainId);
  /** Claims this process is sending now ("wallet|asset|claimedAt"): never settled from outside. */
  const inFlight = new Set<string>();
  const flightKey = (wallet: string, asset: FaucetAsset, at: Date) => `${wallet}|${asset}|${at.getTime()}`;
  /** The test hook's stages still to come, one per claim (see FaucetServiceDeps.testCrashAfter); empty outside that test. */
  const testPlan: TestCrashStage[] = local ? [...(deps.testCrashAfter ?? [])] : [];
  /** The test hook: holds this claim forever at its stage. */
  async function testHold(planned: TestCrashStage | undefined, stage: TestCrashStage, hash: string): Promise<void> {
    if (planned !== stage) return;
    process.stderr.write(`faucet test hook: holding after "${stage}" ${hash}\n`);
    await new Promise<never>(() => {});
  }

  const WINDOW_NAMES = {
    hour: { env: "FAUCET_HOURLY_CLAIMS", span: "hour" },
    day: { env: "FAUCET_DAILY_CLAIMS", span: "24 hours" },
  } as const;
  /** The sentence for a spent budget window. */
  const budgetReason = (asset: FaucetAsset, use: BudgetUse) =>
    `The faucet's ${use.window === "hour" ? "hourly" : "daily"} budget for ${asset} is spent: ${use.used} of ${use.limit} claims in the last ${WINDOW_NAMES[use.window].span}, all wallets together (${WINDOW_NAMES[use.window].env})` +
    (use.nextSlotAt ? `; the next claim opens at ${use.nextSlotAt.toISOString()}` : "");

  /** Why `asset` can never be claimed from this API (the chain, the keys, the deployed contracts); null if it can. */
  function structuralRefusal(asset: FaucetAsset): { reason: string; links: FaucetLink[] } | null {
    const here = `${deps.network} (chain ${deps.chainId})`;
    if (asset === "ETH") {
      return local
        ? null
        : {
            reason: `No ETH from this faucet on ${here}: testnet ETH comes from public faucets (the API holds only its own signer's gas money)`,
            links: [...PUBLIC_SEPOLIA_ETH_FAUCETS],
          };
    }
    if (asset === "XQB") {
      if (!deployed.xqb) return { reason: `XQBToken is not deployed on ${here}: there is no XQB to give`, links: [] };
      if (!local) {
        const why = deps.devKeys.available ? "" : ` (${deps.devKeys.reason})`;
        return {
          reason: `XQB cannot be given on ${here}: the faucet account (dev account #${FAUCET_DEV_ACCOUNT}) exists only on the local chain${why}, the community incentives allocation's key is not held by this API, and minting XQB needs MINTER_ROLE, which the TreasuryMultisig Safe holds`,
          links: [],
        };
      }
      return null;
    }
    // USDC
    if (deployed.mockUsdc) return null;
    if (deployed.externalUsdc)
      return {
        reason: `USDC on ${here} is Circle's testnet USDC: this API cannot mint it; Circle's own faucet gives it`,
        links: [...PUBLIC_SEPOLIA_USDC_FAUCETS],
      };
    return {
      reason: `No USDC contract is deployed on ${here} (no MockUSDC in its deploy map)`,
      links: local ? [] : [...PUBLIC_SEPOLIA_USDC_FAUCETS],
    };
  }

  /** The chain's part of an asset's status: its faucet balance (or note) and whether the chain allows a claim. */
  async function chainReading(
    asset: FaucetAsset,
  ): Promise<{ balance: string | null; note: string | null; refusal: string | null }> {
    const units = claimUnits(asset);
    try {
      if (asset === "USDC") {
        const mints = await withTimeout(signerMintsUsdc(deps.node), READ_TIMEOUT_MS, "MockUSDC.hasRole");
        return {
          balance: null,
          note: `Minted on demand by the API signer ${deps.node.account}: no faucet balance is drawn down`,
          refusal: mints
            ? null
            : `The API signer ${deps.node.account} does not hold MockUSDC's MINTER_ROLE on this chain`,
        };
      }
      const balance = await withTimeout(
        faucetBalanceOf(deps.node, asset, faucetAccount!),
        READ_TIMEOUT_MS,
        `${asset} balance`,
      );
      return {
        balance: whole(balance, asset),
        note: `Held by the faucet account ${faucetAccount} (dev account #${FAUCET_DEV_ACCOUNT})`,
        refusal:
          balance < units
            ? `The faucet account holds ${whole(balance, asset)} ${asset}, less than one claim (${FAUCET_AMOUNTS[asset]})`
            : null,
      };
    } catch (err) {
      return {
        balance: null,
        note: `Not read: ${firstLine(err)}`,
        refusal: `The chain did not answer: ${firstLine(err)}`,
      };
    }
  }

  const nextClaimOf = (claim: StoredClaim | undefined, at: number): Date | null => {
    if (!claim) return null;
    const next = claim.claimedAt.getTime() + windowMs;
    return next > at ? new Date(next) : null;
  };

  async function status(wallet: Address | null): Promise<FaucetStatusResponse> {
    const at = now();
    const ledger = deps.evm.status();
    const live = ledger.mode === "live";
    const claims = wallet ? await deps.store.latest(wallet) : [];
    const assets = await Promise.all(
      FAUCET_ASSETS.map(async (asset): Promise<FaucetAssetStatus> => {
        const refusal = structuralRefusal(asset);
        const reading = !refusal && live ? await chainReading(asset) : null;
        const uses = await deps.store.budgetUse(asset, new Date(at), deps.budget);
        const spent = uses.find((u) => u.remaining === 0);
        const reason =
          refusal?.reason ??
          (live
            ? (reading!.refusal ?? (spent ? budgetReason(asset, spent) : null))
            : `The chain is not live: ${ledger.reason ?? "not probed yet"}`);
        const walletBalance =
          wallet && live && !refusal
            ? await withTimeout(balanceOf(deps.node, asset, wallet), READ_TIMEOUT_MS, `${asset} balance`).then(
                (b) => whole(b, asset),
                () => null,
              )
            : null;
        const claim = claims.find((c) => c.asset === asset);
        const next = nextClaimOf(claim, at);
        return {
          asset,
          amount: FAUCET_AMOUNTS[asset],
          decimals: FAUCET_DECIMALS[asset],
          method: FAUCET_METHODS[asset],
          available: reason === null,
          reason,
          faucetBalance: reading?.balance ?? null,
          faucetBalanceNote: reading?.note ?? (refusal ? null : "Not read: the chain is not live"),
          walletBalance,
          links: refusal?.links ?? [],
          lastClaim: claim
            ? {
                claimedAt: claim.claimedAt.toISOString(),
                transactionHash: claim.transactionHash,
                blockNumber: claim.blockNumber,
                status: claim.status,
              }
            : null,
          nextClaimAt: next?.toISOString() ?? null,
          budget: Object.fromEntries(
            uses.map((u) => [
              u.window,
              { limit: u.limit, used: u.used, remaining: u.remaining, nextSlotAt: u.nextSlotAt?.toISOString() ?? null },
            ]),
          ) as FaucetAssetStatus["budget"],
        };
      }),
    );
    return {
      network: {
        kind: local ? "local" : "public",
        name: deps.network,
        chainId: deps.chainId,
        live,
        reason: live ? null : ledger.reason,
      },
      faucetAccount,
      minter: deps.node.account,
      windowSeconds: FAUCET_WINDOW_SECONDS,
      wallet,
      now: new Date(at).toISOString(),
      assets,
    };
  }

  async function claim(wallet: Address, asset: FaucetAsset): Promise<FaucetClaimResponse> {
    const refusal = structuralRefusal(asset);
    if (refusal) throw fieldError("asset", refusal.reason);
    if (deps.evm.status().mode !== "live") {
      throw new HttpError(
        "LEDGER_UNAVAILABLE",
        `The local chain is not live: ${deps.evm.status().reason ?? "not probed yet"}`,
        { ledger: "ethereum", retryAfterSeconds: 10 },
      );
    }
    const at = new Date(now());
    let reservation = await deps.store.reserve(
      wallet,
      asset,
      FAUCET_AMOUNTS[asset],
      at,
      FAUCET_WINDOW_SECONDS,
      deps.budget,
    );
    // The wallet's slot is held by a claim nobody here is sending (a crash left it): settle it from the chain
    // first; if it never left, the slot is free again and this claim takes it.
    if (!reservation.reserved && reservation.why === "wallet" && reservation.current.status !== "sent") {
      if ((await settleOne(reservation.current, at.getTime())) === "released") {
        reservation = await deps.store.reserve(
          wallet,
          asset,
          FAUCET_AMOUNTS[asset],
          at,
          FAUCET_WINDOW_SECONDS,
          deps.budget,
        );
      }
    }
    if (!reservation.reserved && reservation.why === "budget") {
      const { use } = reservation;
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil(((use.nextSlotAt?.getTime() ?? at.getTime() + 60_000) - at.getTime()) / 1000),
      );
      throw new HttpError("RATE_LIMITED", budgetReason(asset, use), {
        retryAfterSeconds,
        details: {
          budget: use.window === "hour" ? "hourly" : "daily",
          limit: String(use.limit),
          used: String(use.used),
          ...(use.nextSlotAt ? { nextSlotAt: use.nextSlotAt.toISOString() } : {}),
        },
      });
    }
    if (!reservation.reserved) {
      const next = new Date(reservation.current.claimedAt.getTime() + windowMs);
      const retryAfterSeconds = Math.max(1, Math.ceil((next.getTime() - at.getTime()) / 1000));
      throw new HttpError(
        "RATE_LIMITED",
        `One ${asset} claim per wallet every 24 hours: ${wallet} may claim ${asset} again at ${next.toISOString()}`,
        {
          retryAfterSeconds,
          details: {
            nextClaimAt: next.toISOString(),
            lastClaimAt: reservation.current.claimedAt.toISOString(),
            ...(reservation.current.transactionHash
              ? { lastTransactionHash: reservation.current.transactionHash }
              : {}),
          },
        },
      );
    }

    const flight = flightKey(wallet, asset, at);
    inFlight.add(flight);
    const testStage = testPlan.shift();
    try {
      let submitted = false;
      let result;
      try {
        result = await deps.evm.run(async (client, ctx) => {
          // A faucet claim means nothing simulated: only the live node sends.
          if (client instanceof EvmSimulatedChain)
            throw new LedgerUnreachableError("ethereum", deps.network, { cause: "the chain is not live" });
          return sendClaim(deps.node, asset, faucetKey!, wallet, {
            signal: ctx.signal,
            // Signed, not sent: the hash and nonce are stored first, so a crash from here on is settled from the chain.
            signed: async (tx) => {
              if (
                !(await deps.store.recordSigned(wallet, asset, at, { hash: tx.hash, sender: tx.from, nonce: tx.nonce }))
              ) {
                throw new HttpError(
                  "CONFLICT",
                  `The ${asset} claim's slot was settled while it was being signed; nothing was sent. Try again.`,
                );
              }
              await testHold(testStage, "recorded", tx.hash);
            },
            submitted: () => ((submitted = true), ctx.submitted()),
          });
        });
      } catch (err) {
        // Nothing left for the chain: the window is free again. Sent with an unknown outcome: it stays pending,
        // with its hash, until the chain says what became of it (settle).
        if (!submitted) await deps.store.release(wallet, asset, at);
        throw err;
      }
      if (result.receipt?.status === "reverted") {
        await deps.store.release(wallet, asset, at);
        throw new LedgerRejectedError(
          "ethereum",
          `The ${asset} claim's transaction ${result.transactionHash} reverted; nothing was sent`,
        );
      }
      await testHold(testStage, "sent", result.transactionHash);
      const blockNumber = result.receipt ? result.receipt.blockNumber.toString() : null;
      await deps.store.complete(wallet, asset, at, result.transactionHash, blockNumber);
      return respond(result, blockNumber);
    } finally {
      inFlight.delete(flight);
    }

    function respond(
      result: { signer: Address; transactionHash: string; explorerUrl: string | null },
      blockNumber: string | null,
    ): FaucetClaimResponse {
      return {
        asset,
        amount: FAUCET_AMOUNTS[asset],
        recipient: wallet,
        sender: result.signer,
        transactionHash: result.transactionHash,
        blockNumber,
        explorerUrl: result.explorerUrl,
        source: "live",
        claimedAt: at.toISOString(),
        nextClaimAt: new Date(at.getTime() + windowMs).toISOString(),
      };
    }
  }

  /**
   * Settles one claim left reserved or pending, unless this process is sending it or (on a shared database)
   * it is younger than the grace: nothing signed -> released; signed -> by the chain: mined -> completed,
   * reverted / dropped / never seen -> released; in the node's pool -> left pending.
   */
  async function settleOne(claim: StoredClaim, at: number): Promise<"completed" | "released" | "waiting"> {
    if (claim.status === "sent" || inFlight.has(flightKey(claim.wallet, claim.asset, claim.claimedAt)))
      return "waiting";
    if (!deps.soleWriter && at - claim.claimedAt.getTime() < SETTLE_GRACE_MS) return "waiting";
    if (claim.status === "reserved" || !claim.transactionHash || !claim.sender || claim.nonce === null) {
      // Nothing was signed, and recordSigned refuses a released slot: nothing can leave for it any more.
      await deps.store.release(claim.wallet, claim.asset, claim.claimedAt);
      return "released";
    }
    if (deps.evm.status().mode !== "live") return "waiting";
    let fate;
    try {
      fate = await withTimeout(
        fateOf(deps.node, claim.transactionHash as Hash, getAddress(claim.sender), claim.nonce),
        READ_TIMEOUT_MS,
        "faucet claim settle",
      );
    } catch {
      return "waiting";
    }
    if (fate.fate === "mined") {
      await deps.store.complete(
        claim.wallet,
        claim.asset,
        claim.claimedAt,
        claim.transactionHash,
        fate.blockNumber.toString(),
      );
      return "completed";
    }
    if (fate.fate === "waiting") return "waiting";
    await deps.store.release(claim.wallet, claim.asset, claim.claimedAt);
    return "released";
  }

  /** Settles every claim a dead process left unsettled (at start, then now and then). */
  async function settle(): Promise<SettleReport> {
    const report: SettleReport = { completed: 0, released: 0, waiting: 0 };
    const at = now();
    for (const claim of await deps.store.unsettled()) {
      const outcome = await settleOne(claim, at);
      report[outcome === "completed" ? "completed" : outcome === "released" ? "released" : "waiting"]++;
    }
    // A claim settled in the background shows on the next status read (shared/moment-cache.ts).
    if (report.completed + report.released > 0) noteProcessWrite();
    return report;
  }

  // Every open faucet page polls its status: one reading per wallet (or visitor) for a moment, renewed at once
  // after any write this process answers (a claim) or a claim settled in the background.
  const statuses = new MomentCache<string, FaucetStatusResponse>();
  // Keyed by the clock's second too: the budgets' windows and the next-claim times move with it.
  const currentStatus = (wallet: Address | null) =>
    statuses.get(`${wallet ?? "visitor"}@${Math.floor(now() / 1000)}`, () => status(wallet));

  return { status: currentStatus, claim, settle };
}
