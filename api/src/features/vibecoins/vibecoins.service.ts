// The vibecoins feature: supplies on each ledger, the VIBE reward (one per wallet per interval, reserved
// before the mint leaves), a wallet's burn read back from the chain, and a wallet's history from the index.
import { getAddress, zeroAddress, type Address, type Hash } from "viem";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import type { EvmChain } from "../../ledgers/evm";
import type { EventIndex, IndexedEvent } from "../../ledgers/evm/event-index";
import type { LedgerSelector } from "../../ledgers/selector";
import type { StellarLedgerClient } from "../../ledgers/stellar";
import {
  LedgerBusyError,
  LedgerRejectedError,
  LedgerUnreachableError,
  LiveUnavailableError,
} from "../../ledgers/types";
import { createRewardRepository } from "./vibecoins.repository";
import { mintReward, readBurns, readSupply, stellarSupply, supplyAround, tokenText } from "./vibecoins.ledger";
import {
  VIBECOINS_BURN_TOKENS,
  VIBECOINS_HISTORY_LIMIT,
  VIBECOINS_REWARD,
  VIBECOINS_STELLAR_CODE,
  type VibecoinsBurnResponse,
  type VibecoinsHistoryEntry,
  type VibecoinsHistoryResponse,
  type VibecoinsRewardResponse,
  type VibecoinsSuppliesResponse,
  type VibecoinsSupply,
} from "./vibecoins.schemas";

export interface VibecoinsDeps {
  db: Db;
  evm: LedgerSelector<EvmChain>;
  index: EventIndex;
  stellar: LedgerSelector<StellarLedgerClient>;
  /** The VIBE issuer's public key on Stellar (the minting feature's issuer; app.ts passes it). */
  vibeIssuer: string;
  chainId: number;
  /** "hardhat" | "sepolia": explorer links exist on Sepolia only. */
  network: string;
}

/** How long a route waits for the index to hold a block it just read, so the next history read shows it. */
const INDEX_WAIT_MS = 5000;

/** Ledger trouble a supply reading reports in its place; anything else is a bug and propagates. */
const isLedgerTrouble = (err: unknown) =>
  err instanceof LedgerUnreachableError ||
  err instanceof LedgerBusyError ||
  err instanceof LiveUnavailableError ||
  err instanceof LedgerRejectedError;
const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function createVibecoinsService(deps: VibecoinsDeps) {
  const rewards = createRewardRepository(deps.db, deps.chainId);
  const explorer = (hash: string) => (deps.network === "sepolia" ? `https://sepolia.etherscan.io/tx/${hash}` : null);

  async function evmSupplies(): Promise<VibecoinsSupply[]> {
    const status = deps.evm.status();
    try {
      // Read once per head block, whoever asks: the page polls it, and only a new block can change it.
      const r = await deps.evm.run((evm) =>
        evm.atHead("vibecoins:supplies", async (head) => {
          const [vibe, xqb] = await Promise.all([
            readSupply(evm, "VIBE", head.number),
            readSupply(evm, "XQB", head.number),
          ]);
          return {
            head,
            vibe,
            xqb,
            addresses: { VIBE: evm.address("VibeCoin"), XQB: evm.address("XQBToken") },
            network: evm.network,
          };
        }),
      );
      return (["VIBE", "XQB"] as const).map((token) => ({
        ledger: "ethereum",
        token,
        network: r.network,
        issuer: r.addresses[token],
        amount: tokenText(token === "VIBE" ? r.vibe : r.xqb),
        holders: null,
        blockNumber: r.head.number.toString(),
        source: r.source,
        reason: r.reason,
      }));
    } catch (err) {
      if (!isLedgerTrouble(err)) throw err;
      // Nothing to read: the node is down and no supply was ever read. Said so, never a made-up figure.
      return (["VIBE", "XQB"] as const).map((token) => ({
        ledger: "ethereum",
        token,
        network: status.network,
        issuer: VIBECOINS_BURN_TOKENS[token],
        amount: null,
        holders: null,
        blockNumber: null,
        source: "simulated",
        reason: `the supply could not be read: ${reasonOf(err)}`,
      }));
    }
  }

  async function stellarVibeSupply(): Promise<VibecoinsSupply> {
    const base = {
      ledger: "stellar",
      token: "VIBE",
      network: deps.stellar.status().network,
      issuer: deps.vibeIssuer,
      blockNumber: null,
    } as const;
    try {
      const r = await deps.stellar.run((c, ctx) => stellarSupply(c, VIBECOINS_STELLAR_CODE, deps.vibeIssuer, ctx));
      return { ...base, amount: r.amount, holders: r.holders, source: r.source, reason: r.reason };
    } catch (err) {
      if (!isLedgerTrouble(err)) throw err;
      return {
        ...base,
        amount: null,
        holders: null,
        source: "simulated",
        reason: `the supply could not be read: ${reasonOf(err)}`,
      };
    }
  }

  /**
   * Mints VIBE to `recipient` by the server minter. A wallet's own mint (`slotOwner`) takes that wallet's one mint
   * per interval, the reward's slot, so no other route mints a wallet more often; an operator's (`slotOwner` null)
   * takes none.
   */
  async function mint(request: {
    recipient: Address;
    amount: string;
    slotOwner: Address | null;
  }): Promise<VibecoinsRewardResponse> {
    const { recipient, amount, slotOwner } = request;
    const slot = slotOwner ? await rewards.reserve(slotOwner) : null;
    if (slot && !slot.ok) {
      throw new HttpError(
        "RATE_LIMITED",
        `One ${VIBECOINS_REWARD.token} mint per wallet per hour: the next one is due at ${slot.nextAt.toISOString()}`,
        {
          retryAfterSeconds: slot.retryAfterSeconds,
          details: { nextRewardAt: slot.nextAt.toISOString() },
        },
      );
    }
    const held = slot && slot.ok ? { owner: slotOwner!, id: slot.id, reservedAt: slot.reservedAt } : null;
    let sent = false;
    let r: Awaited<ReturnType<typeof mintReward>> & { source: "live" | "simulated"; reason: string | null };
    try {
      r = await deps.evm.run((evm, ctx) => mintReward(evm, recipient, ctx, () => void (sent = true), amount));
    } catch (err) {
      // A mint that never left gives the slot back; one that may be on the chain keeps it.
      if (!sent && held) await rewards.release(held.owner, held.id);
      throw err;
    }
    const hash = r.write.transactionHash;
    const assumptions = [...r.assumptions];
    let nextRewardAt = held
      ? new Date(held.reservedAt.getTime() + VIBECOINS_REWARD.intervalSeconds * 1000)
      : new Date();
    if (r.source === "simulated") {
      // Signed offline and never sent: nothing was minted, so the wallet keeps its slot.
      if (held) {
        await rewards.release(held.owner, held.id);
        assumptions.push("simulated: nothing was minted, so the hourly mint slot was not used");
      }
      nextRewardAt = new Date();
    } else if (held) {
      await rewards.settle(held.owner, held.id, hash, r.source);
    }
    if (r.write.receipt && r.write.chainInstance)
      await deps.index.waitFor(r.write.receipt.blockNumber, INDEX_WAIT_MS, r.write.chainInstance);
    return {
      token: "VIBE",
      amount,
      recipient,
      transactionHash: hash,
      blockNumber: r.write.receipt?.blockNumber.toString() ?? null,
      explorerUrl: r.write.explorerUrl,
      supplyBefore: r.supply ? tokenText(r.supply.before) : null,
      supplyAfter: r.supply ? tokenText(r.supply.after) : null,
      nextRewardAt: nextRewardAt.toISOString(),
      assumptions,
      source: r.source,
      reason: r.reason,
    };
  }

  return {
    async supplies(): Promise<VibecoinsSuppliesResponse> {
      const [evm, stellar] = await Promise.all([evmSupplies(), stellarVibeSupply()]);
      return { supplies: [...evm, stellar], readAt: new Date().toISOString() };
    },

    /** Wallets whose latest slot is a minted reward (not an environmental mint), for summaries elsewhere. */
    mintedRewards: () => rewards.mintedRewards(),

    /** Mints the stated reward to the signed-in wallet, at most once per interval. */
    reward(wallet: Address): Promise<VibecoinsRewardResponse> {
      return mint({ recipient: wallet, amount: VIBECOINS_REWARD.amount, slotOwner: wallet });
    },

    mint,

    rewardsByHash: (hashes: string[]) => rewards.byHashes(hashes),

    /** A burn the wallet sent, read back from the live chain. Reading is all it does: the same hash, the same answer. */
    async burn(transactionHash: string): Promise<VibecoinsBurnResponse> {
      const evm = deps.evm.requireLive();
      const { receipt, burns } = await readBurns(evm, transactionHash.toLowerCase() as Hash);
      const [block, supplies] = await Promise.all([
        evm.block(receipt.blockNumber),
        Promise.all(burns.map((b) => supplyAround(evm, b.token, receipt.blockNumber))),
      ]);
      const instance = evm.chainInstance();
      await deps.index.waitFor(receipt.blockNumber, INDEX_WAIT_MS, instance ?? undefined);
      return {
        transactionHash: receipt.transactionHash,
        sender: getAddress(receipt.from),
        blockNumber: receipt.blockNumber.toString(),
        blockTimestamp: block.timestamp,
        explorerUrl: explorer(receipt.transactionHash),
        burns: burns.map((b, i) => ({
          token: b.token,
          contract: b.contract,
          amount: tokenText(b.amount),
          burner: getAddress(b.burner),
          supplyBefore: tokenText(supplies[i]!.before),
          supplyAfter: tokenText(supplies[i]!.after),
        })),
        source: "live",
        reason: null,
      };
    },

    /** The wallet's VIBE rewards (mints to it) and VIBE/XQB burns, newest first, from the event index. */
    async history(address: string): Promise<VibecoinsHistoryResponse> {
      const wallet = getAddress(address);
      const [minted, burnt, head, next] = await Promise.all([
        deps.index.events({
          contract: "VibeCoin",
          eventName: "Transfer",
          args: { from: zeroAddress, to: wallet },
          order: "desc",
          limit: VIBECOINS_HISTORY_LIMIT,
        }),
        deps.index.events({
          contract: ["VibeCoin", "XQBToken"],
          eventName: "Transfer",
          args: { from: wallet, to: zeroAddress },
          order: "desc",
          limit: VIBECOINS_HISTORY_LIMIT,
        }),
        deps.index.head(),
        rewards.next(wallet),
      ]);
      const entry =
        (kind: VibecoinsHistoryEntry["kind"]) =>
        (e: IndexedEvent): VibecoinsHistoryEntry & { logIndex: number } => ({
          kind,
          token: e.contract === "VibeCoin" ? "VIBE" : "XQB",
          amount: tokenText(BigInt(e.args.value as string)),
          transactionHash: e.transactionHash,
          blockNumber: e.blockNumber.toString(),
          timestamp: new Date(e.blockTimestamp * 1000).toISOString(),
          explorerUrl: explorer(e.transactionHash),
          logIndex: e.logIndex,
        });
      const entries = [...minted.map(entry("reward")), ...burnt.map(entry("burn"))]
        .sort((a, b) => Number(BigInt(b.blockNumber) - BigInt(a.blockNumber)) || b.logIndex - a.logIndex)
        .slice(0, VIBECOINS_HISTORY_LIMIT)
        .map(({ logIndex: _, ...e }) => e);
      return {
        address: wallet,
        entries,
        indexedThrough: head?.lastIndexedBlock.toString() ?? null,
        nextRewardAt: next ? next.nextAt.toISOString() : null,
      };
    },
  };
}
export type VibecoinsService = ReturnType<typeof createVibecoinsService>;
