// The vibecoins feature's operations on the ledgers: the VIBE reward mint (server minter), a wallet's burn
// read back from its receipt, and each token's supply read at a given block. Every figure is the chain's.
import { formatUnits, parseEventLogs, parseUnits, zeroAddress, type Address, type Hash } from "viem";
import { abiOf } from "../../ledgers/evm/contracts";
import type { EvmChain, MinedReceipt, WriteResult } from "../../ledgers/evm";
import type { OpContext } from "../../ledgers/selector";
import type { StellarLedgerClient } from "../../ledgers/stellar";
import { LedgerRejectedError } from "../../ledgers/types";
import { fieldError } from "../../http/errors";
import {
  VIBECOINS_BURN_TOKENS,
  VIBECOINS_EVM_DECIMALS,
  VIBECOINS_REWARD,
  VIBECOINS_TOKENS,
  type VibecoinsToken,
} from "./vibecoins.constants";

export const tokenText = (units: bigint): string => formatUnits(units, VIBECOINS_EVM_DECIMALS);

/** A token's totalSupply as of `blockNumber` (the node keeps old state on Hardhat; a pruned node may not). */
export function readSupply(evm: EvmChain, token: VibecoinsToken, blockNumber: bigint): Promise<bigint> {
  return token === "VIBE"
    ? evm.read({ contract: "VibeCoin", functionName: "totalSupply", blockNumber })
    : evm.read({ contract: "XQBToken", functionName: "totalSupply", blockNumber });
}

/** Supply just before and just after the transaction's block: block-1 and block. */
export async function supplyAround(
  evm: EvmChain,
  token: VibecoinsToken,
  blockNumber: bigint,
): Promise<{ before: bigint; after: bigint }> {
  const [before, after] = await Promise.all([
    readSupply(evm, token, blockNumber - 1n),
    readSupply(evm, token, blockNumber),
  ]);
  return { before, after };
}

export interface RewardMint {
  write: WriteResult;
  /** Set once the transaction left for the ledger: from then on the reward counts as given. */
  sent: boolean;
  supply: { before: bigint; after: bigint } | null;
  assumptions: string[];
}

/**
 * VibeCoin.mint(to, amount) by the server minter (MINTER_ROLE = the API signer); the reward's amount unless
 * another is given. `onSent` is called right before the transaction leaves, so the caller knows whether a failure
 * still may have minted.
 */
export async function mintReward(
  evm: EvmChain,
  to: Address,
  ctx: OpContext,
  onSent: () => void,
  amount: string = VIBECOINS_REWARD.amount,
): Promise<RewardMint> {
  let sent = false;
  const write = await evm.write(
    {
      contract: "VibeCoin",
      functionName: "mint",
      args: [to, parseUnits(amount, VIBECOINS_EVM_DECIMALS)],
    },
    {
      signal: ctx.signal,
      submitted: () => {
        sent = true;
        onSent();
        ctx.submitted();
      },
    },
  );
  const assumptions = [...write.assumptions];
  if (!write.receipt) {
    assumptions.push(
      write.chainInstance
        ? "not mined within the wait: the supply before and after is not known yet"
        : "simulated: no block, so no supply before and after",
    );
    return { write, sent, supply: null, assumptions };
  }
  if (write.receipt.status !== "success")
    throw new LedgerRejectedError("ethereum", `reward mint ${write.transactionHash} reverted on-chain`);
  return { write, sent, supply: await supplyAround(evm, "VIBE", write.receipt.blockNumber), assumptions };
}

export interface ReadBurn {
  token: VibecoinsToken;
  contract: Address;
  burner: Address;
  amount: bigint;
}

/**
 * The burns in a wallet's transaction: Transfer events to the zero address emitted by VibeCoin or XQBToken
 * (ERC20Burnable's burn/burnFrom), summed per token and burner. Refused (400 on the hash) when the
 * transaction is unknown, reverted, or burnt neither token.
 */
export async function readBurns(evm: EvmChain, hash: Hash): Promise<{ receipt: MinedReceipt; burns: ReadBurn[] }> {
  const receipt = await evm.receipt(hash);
  if (!receipt)
    throw fieldError("transactionHash", `transaction ${hash} not found (or not mined yet) on ${evm.network}`);
  if (receipt.status !== "success")
    throw fieldError("transactionHash", `transaction ${hash} reverted: nothing was burnt`);
  const burns: ReadBurn[] = [];
  for (const token of VIBECOINS_TOKENS) {
    const name = VIBECOINS_BURN_TOKENS[token];
    const contract = evm.address(name);
    const logs = parseEventLogs({ abi: abiOf(name), eventName: "Transfer", logs: receipt.logs }).filter(
      (l) => l.address.toLowerCase() === contract.toLowerCase() && l.args.to === zeroAddress,
    );
    for (const log of logs) {
      const same = burns.find((b) => b.token === token && b.burner === log.args.from);
      if (same) same.amount += log.args.value;
      else burns.push({ token, contract, burner: log.args.from, amount: log.args.value });
    }
  }
  if (burns.length === 0) {
    throw fieldError(
      "transactionHash",
      `transaction ${hash} is not a VIBE or XQB burn (no Transfer to the zero address from VibeCoin ${evm.address("VibeCoin")} or XQBToken ${evm.address("XQBToken")})`,
    );
  }
  return { receipt, burns };
}

// ---- Stellar --------------------------------------------------------------------------------------------

/** An issued asset's supply as Horizon's /assets counts it (every kind of balance plus claimable, pools, contracts). */
export function stellarSupply(
  stellar: StellarLedgerClient,
  code: string,
  issuer: string,
  ctx?: OpContext,
): Promise<{ amount: string; holders: number }> {
  return stellar.assetSupply(code, issuer, ctx);
}
