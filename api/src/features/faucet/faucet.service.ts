// The faucet's rules: what each asset gives here and why not, one claim per wallet and asset per window
// (reserved in the database before anything is sent, released if the send fails), and the claim itself on
// the live local chain.
import { formatUnits, type Address, type Hex } from "viem";
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
import { balanceOf, claimUnits, deployedOn, faucetBalanceOf, sendClaim, signerMintsUsdc, type FaucetNode } from "./faucet.ledger";
import type { FaucetClaimStore, StoredClaim } from "./faucet.repository";
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
  /** Unix ms; tests move it. */
  now?: () => number;
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

  /** Why `asset` can never be claimed from this API (the chain, the keys, the deployed contracts); null if it can. */
  function structuralRefusal(asset: FaucetAsset): { reason: string; links: FaucetLink[] } | null {
    const here = `${deps.network} (chain ${deps.chainId})`;
    if (asset === "ETH") {
      return local ? null : { reason: `No ETH from this faucet on ${here}: testnet ETH comes from public faucets (the API holds only its own signer's gas money)`, links: [...PUBLIC_SEPOLIA_ETH_FAUCETS] };
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
    if (deployed.externalUsdc) return { reason: `USDC on ${here} is Circle's testnet USDC: this API cannot mint it; Circle's own faucet gives it`, links: [...PUBLIC_SEPOLIA_USDC_FAUCETS] };
    return { reason: `No USDC contract is deployed on ${here} (no MockUSDC in its deploy map)`, links: local ? [] : [...PUBLIC_SEPOLIA_USDC_FAUCETS] };
  }

  /** The chain's part of an asset's status: its faucet balance (or note) and whether the chain allows a claim. */
  async function chainReading(asset: FaucetAsset): Promise<{ balance: string | null; note: string | null; refusal: string | null }> {
    const units = claimUnits(asset);
    try {
      if (asset === "USDC") {
        const mints = await withTimeout(signerMintsUsdc(deps.node), READ_TIMEOUT_MS, "MockUSDC.hasRole");
        return {
          balance: null,
          note: `Minted on demand by the API signer ${deps.node.account}: no faucet balance is drawn down`,
          refusal: mints ? null : `The API signer ${deps.node.account} does not hold MockUSDC's MINTER_ROLE on this chain`,
        };
      }
      const balance = await withTimeout(faucetBalanceOf(deps.node, asset, faucetAccount!), READ_TIMEOUT_MS, `${asset} balance`);
      return {
        balance: whole(balance, asset),
        note: `Held by the faucet account ${faucetAccount} (dev account #${FAUCET_DEV_ACCOUNT})`,
        refusal: balance < units ? `The faucet account holds ${whole(balance, asset)} ${asset}, less than one claim (${FAUCET_AMOUNTS[asset]})` : null,
      };
    } catch (err) {
      return { balance: null, note: `Not read: ${firstLine(err)}`, refusal: `The chain did not answer: ${firstLine(err)}` };
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
        const reason = refusal?.reason ?? (live ? reading!.refusal : `The chain is not live: ${ledger.reason ?? "not probed yet"}`);
        const walletBalance =
          wallet && live && !refusal
            ? await withTimeout(balanceOf(deps.node, asset, wallet), READ_TIMEOUT_MS, `${asset} balance`).then((b) => whole(b, asset), () => null)
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
          lastClaim: claim ? { claimedAt: claim.claimedAt.toISOString(), transactionHash: claim.transactionHash, blockNumber: claim.blockNumber } : null,
          nextClaimAt: next?.toISOString() ?? null,
        };
      }),
    );
    return {
      network: { kind: local ? "local" : "public", name: deps.network, chainId: deps.chainId, live, reason: live ? null : ledger.reason },
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
      throw new HttpError("LEDGER_UNAVAILABLE", `The local chain is not live: ${deps.evm.status().reason ?? "not probed yet"}`, { ledger: "ethereum", retryAfterSeconds: 10 });
    }
    const at = new Date(now());
    const reservation = await deps.store.reserve(wallet, asset, FAUCET_AMOUNTS[asset], at, FAUCET_WINDOW_SECONDS);
    if (!reservation.reserved) {
      const next = new Date(reservation.current.claimedAt.getTime() + windowMs);
      const retryAfterSeconds = Math.max(1, Math.ceil((next.getTime() - at.getTime()) / 1000));
      throw new HttpError("RATE_LIMITED", `One ${asset} claim per wallet every 24 hours: ${wallet} may claim ${asset} again at ${next.toISOString()}`, {
        retryAfterSeconds,
        details: {
          nextClaimAt: next.toISOString(),
          lastClaimAt: reservation.current.claimedAt.toISOString(),
          ...(reservation.current.transactionHash ? { lastTransactionHash: reservation.current.transactionHash } : {}),
        },
      });
    }

    let submitted = false;
    let result;
    try {
      result = await deps.evm.run(async (client, ctx) => {
        // A faucet claim means nothing simulated: only the live node sends.
        if (client instanceof EvmSimulatedChain) throw new LedgerUnreachableError("ethereum", deps.network, { cause: "the chain is not live" });
        return sendClaim(deps.node, asset, faucetKey!, wallet, { signal: ctx.signal, submitted: () => ((submitted = true), ctx.submitted()) });
      });
    } catch (err) {
      // Nothing left for the chain: the window is free again. Sent with an unknown outcome: it stays reserved.
      if (!submitted) await deps.store.release(wallet, asset, at);
      throw err;
    }
    if (result.receipt?.status === "reverted") {
      await deps.store.release(wallet, asset, at);
      throw new LedgerRejectedError("ethereum", `The ${asset} claim's transaction ${result.transactionHash} reverted; nothing was sent`);
    }
    const blockNumber = result.receipt ? result.receipt.blockNumber.toString() : null;
    await deps.store.complete(wallet, asset, at, result.transactionHash, blockNumber);
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

  return { status, claim };
}
