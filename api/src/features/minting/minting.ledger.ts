// The minting feature's operations on the ledgers, each on a feature-agnostic client (live or simulated):
// the XQB mint on the EVM chain, the VIBE mint on Stellar, the XRP volume payment on XRPL. EVM amounts and
// constants come from the chain (the Minted event, XQBMinter.quote), never from a copy of the contract's math.
import { Asset, Memo, Operation, TransactionBuilder, type Keypair } from "@stellar/stellar-sdk";
import { formatEther, parseEventLogs, type Address, type Hash } from "viem";
import { xrpToDrops } from "xrpl";
import { abiOf } from "../../ledgers/evm/contracts";
import { ContractRevertedError, type EvmChain, type MinedReceipt, type WriteResult } from "../../ledgers/evm";
import type { OpContext } from "../../ledgers/selector";
import { neverSeen, type StellarLedgerClient, type StellarSubmitResult } from "../../ledgers/stellar";
import { LedgerRejectedError } from "../../ledgers/types";
import type { XrplLedgerClient, XrplSubmitResult } from "../../ledgers/xrpl";
import { fieldError } from "../../http/errors";

export interface EthMint {
  write: WriteResult;
  recipient: Address;
  /** Token base units (18 decimals); null when a simulated mint could not ask the chain (see assumptions). */
  xqbOut: bigint | null;
  xqbusdOut: bigint | null;
  assumptions: string[];
}

/** XQBMinter's custom errors that are the client's own mistake, as the field and the reason in words. */
function asFieldError(err: unknown, ethText: string): unknown {
  if (!(err instanceof ContractRevertedError)) return err;
  const wei = (v: unknown) => `${formatEther(BigInt(v as bigint))} ETH`;
  switch (err.errorName) {
    case "ZeroRecipient":
      return fieldError("recipient", "must not be the zero address (XQBMinter refuses it: ZeroRecipient)");
    case "ZeroAmount":
      return fieldError("ethAmount", "must be greater than 0 ETH (XQBMinter refuses 0: ZeroAmount)");
    case "BelowMinimumDeposit":
      return fieldError(
        "ethAmount",
        `must be at least ${wei(err.args.minimum)} (XQBMinter's minimum deposit; got ${ethText} ETH)`,
      );
    default:
      return err;
  }
}

function minted(receipt: MinedReceipt, minter: Address) {
  return parseEventLogs({ abi: abiOf("XQBMinter"), eventName: "Minted", logs: receipt.logs }).find(
    (log) => log.address.toLowerCase() === minter.toLowerCase(),
  );
}

/** XQBMinter.mint(recipient) with `weiIn`, signed by the server account (live or simulated). */
export async function mintXqb(
  evm: EvmChain,
  req: { weiIn: bigint; recipient: Address; ethText: string },
  ctx?: OpContext,
): Promise<EthMint> {
  let write: WriteResult;
  try {
    write = await evm.write(
      { contract: "XQBMinter", functionName: "mint", args: [req.recipient], value: req.weiIn },
      ctx,
    );
  } catch (err) {
    throw asFieldError(err, req.ethText);
  }
  const assumptions = [...write.assumptions];
  if (write.receipt) {
    if (write.receipt.status !== "success")
      throw new LedgerRejectedError("ethereum", `mint ${write.transactionHash} reverted on-chain`);
    const event = minted(write.receipt, evm.address("XQBMinter"));
    if (!event) throw new LedgerRejectedError("ethereum", `mint ${write.transactionHash} emitted no Minted event`);
    return { write, recipient: req.recipient, xqbOut: event.args.xqbOut, xqbusdOut: event.args.xqbusdOut, assumptions };
  }
  // Not mined yet (live) or never sent (simulated): the contract's own quote says what the mint gives.
  try {
    const [xqbOut, xqbusdOut] = await evm.read({ contract: "XQBMinter", functionName: "quote", args: [req.weiIn] });
    assumptions.push("amounts from XQBMinter.quote on the chain as it is now (the transaction has no receipt)");
    return { write, recipient: req.recipient, xqbOut, xqbusdOut, assumptions };
  } catch {
    assumptions.push("the minted amounts are unknown: the chain could not be asked for XQBMinter.quote");
    return { write, recipient: req.recipient, xqbOut: null, xqbusdOut: null, assumptions };
  }
}

export interface WalletMint {
  receipt: MinedReceipt;
  payer: Address;
  recipient: Address;
  weiIn: bigint;
  xqbOut: bigint;
  xqbusdOut: bigint;
}

/** A mint the browser wallet sent, read back from the live chain; refused (400 on the hash) if it is not one. */
export async function readWalletMint(evm: EvmChain, hash: Hash): Promise<WalletMint> {
  const receipt = await evm.receipt(hash);
  if (!receipt)
    throw fieldError("transactionHash", `transaction ${hash} not found (or not mined yet) on ${evm.network}`);
  if (receipt.status !== "success") throw fieldError("transactionHash", `transaction ${hash} reverted`);
  const minter = evm.address("XQBMinter");
  const event = minted(receipt, minter);
  if (!event)
    throw fieldError(
      "transactionHash",
      `transaction ${hash} is not an XQBMinter mint (no Minted event from ${minter})`,
    );
  return {
    receipt,
    payer: event.args.payer,
    recipient: event.args.recipient,
    weiIn: event.args.ethIn,
    xqbOut: event.args.xqbOut,
    xqbusdOut: event.args.xqbusdOut,
  };
}

// ---- Stellar: VIBE ----------------------------------------------------------------------------------

export const VIBE_CODE = "VIBE" as const;
// 0.0001 XLM per operation: ten times the minimum, so testnet surge pricing rarely refuses it.
const FEE_PER_OP = "1000";
const VALID_FOR_SECONDS = 30;

export interface VibeMintRequest {
  /** Issues VIBE; signs the VIBE payment. */
  issuer: Keypair;
  /** XLM paid to the issuer, decimal text with at most 7 decimals. */
  xlmAmount: string;
  /** VIBE paid back, decimal text with at most 7 decimals. */
  vibeAmount: string;
  /** Text memo (at most 28 bytes). */
  memo: string;
}

export interface VibeMint {
  submit: StellarSubmitResult;
  vibeAmount: string;
  assetCode: typeof VIBE_CODE;
  assetIssuer: string;
  /** What a simulated mint took for granted. */
  assumptions: string[];
}

/**
 * One transaction from the server account, signed by it (the client) and the issuer (here): the server
 * trusts VIBE (first time only), pays XLM to the issuer, and the issuer pays VIBE back. Atomic: either the
 * whole swap lands or nothing does.
 */
export async function mintVibe(stellar: StellarLedgerClient, req: VibeMintRequest, ctx?: OpContext): Promise<VibeMint> {
  const issuer = req.issuer.publicKey();
  const vibe = new Asset(VIBE_CODE, issuer);
  const assumptions: string[] = [];
  await stellar.ensureFunded([issuer], ctx);
  let needsTrustline: boolean;
  try {
    const server = await stellar.account(stellar.serverAccount, ctx);
    needsTrustline = !server?.balances.some((b) => b.asset_code === VIBE_CODE && b.asset_issuer === issuer);
    if (server?.observed === "last-seen")
      assumptions.push(`VIBE trustline ${needsTrustline ? "missing" : "present"}: as last seen on Horizon`);
  } catch (err) {
    if (!neverSeen(err)) throw err;
    needsTrustline = true;
    assumptions.push("the server account was never read: the transaction creates the VIBE trustline");
  }
  const submit = await stellar.submit((source) => {
    const builder = new TransactionBuilder(source, { fee: FEE_PER_OP, networkPassphrase: stellar.networkPassphrase });
    if (needsTrustline) builder.addOperation(Operation.changeTrust({ asset: vibe }));
    const tx = builder
      .addOperation(Operation.payment({ destination: issuer, asset: Asset.native(), amount: req.xlmAmount }))
      .addOperation(
        Operation.payment({ source: issuer, destination: source.accountId(), asset: vibe, amount: req.vibeAmount }),
      )
      .addMemo(Memo.text(req.memo))
      .setTimeout(VALID_FOR_SECONDS)
      .build();
    tx.sign(req.issuer);
    return tx;
  }, ctx);
  return {
    submit,
    vibeAmount: req.vibeAmount,
    assetCode: VIBE_CODE,
    assetIssuer: issuer,
    assumptions: [...submit.assumptions, ...assumptions],
  };
}

// ---- XRPL: volume test ------------------------------------------------------------------------------

export interface XrpVolumePayment {
  submit: XrplSubmitResult;
  processedAmount: string;
  destination: string;
  assumptions: string[];
}

/** An XRP Payment from the server wallet to the feature's destination. */
export async function xrpVolumePayment(
  xrpl: XrplLedgerClient,
  req: { destination: string; xrpAmount: string },
  ctx?: OpContext,
): Promise<XrpVolumePayment> {
  await xrpl.ensureFunded([req.destination], ctx);
  const submit = await xrpl.submit(
    { TransactionType: "Payment", Destination: req.destination, Amount: xrpToDrops(req.xrpAmount) },
    ctx,
  );
  return { submit, processedAmount: req.xrpAmount, destination: req.destination, assumptions: submit.assumptions };
}

export interface MinterRates {
  /** XQB minted per whole ETH (XQBMinter.xqbPerEth, 18-decimal token units per wei). */
  xqbPerEth: bigint;
  /** XQBUSD minted for 1 ETH at the feed's price now (XQBMinter.quote(1 ether)). */
  xqbusdPerEth: bigint;
  collateralRatioBps: bigint;
  minDepositWei: bigint;
  /** The feed's ETH/USD price, 8 decimals. */
  ethUsdPrice: bigint;
}

/** The minter's rules, read from the contract itself: the page shows these, never a copy. */
export async function readMinterRates(evm: EvmChain): Promise<MinterRates> {
  const [xqbPerEth, [, xqbusdPerEth], collateralRatioBps, minDepositWei, ethUsdPrice] = await Promise.all([
    evm.read({ contract: "XQBMinter", functionName: "xqbPerEth" }),
    evm.read({ contract: "XQBMinter", functionName: "quote", args: [10n ** 18n] }),
    evm.read({ contract: "XQBMinter", functionName: "COLLATERAL_RATIO_BPS" }),
    evm.read({ contract: "XQBMinter", functionName: "minDepositWei" }),
    evm.read({ contract: "XQBMinter", functionName: "ethUsdPrice" }),
  ]);
  return { xqbPerEth, xqbusdPerEth, collateralRatioBps, minDepositWei, ethUsdPrice };
}
