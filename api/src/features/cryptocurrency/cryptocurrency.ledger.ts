// The coin tests' operations on the ledgers we reach: on the local EVM chain a transfer from our coin-test account
// (Hardhat dev account #17) to our recipient, topped up first from the token's own source when short; on Stellar
// and XRPL a payment from the server account to our recipient through the existing clients (live when the testnet
// answers, else signed offline by the simulated client). Nobody else's funds move.
import { Asset, Memo, Operation, TransactionBuilder } from "@stellar/stellar-sdk";
import { erc20Abi, parseEther, parseUnits, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { xrpToDrops, convertStringToHex } from "xrpl";
import type { ContractName } from "../../ledgers/evm/contracts";
import type { WriteResult } from "../../ledgers/evm";
import type { LooseCall } from "../../ledgers/evm/live";
import type { OpContext } from "../../ledgers/selector";
import type { StellarLedgerClient, StellarSubmitResult } from "../../ledgers/stellar";
import type { XrplLedgerClient, XrplSubmitResult } from "../../ledgers/xrpl";

/** The live local chain, as the coin tests use it (the API's EvmLiveChain). */
export interface CoinNode {
  readonly chainId: number;
  readonly network: string;
  address(contract: ContractName): Address;
  read(call: LooseCall): Promise<never>;
  write(call: LooseCall): Promise<WriteResult>;
  writeAs(privateKey: Hex, call: LooseCall): Promise<WriteResult>;
  sendValueAs(privateKey: Hex, to: Address, value: bigint): Promise<WriteResult>;
}

/** The local chain's tokens: their contract, decimals, and how our test account is topped up when short. */
export const LOCAL_TOKENS = {
  XQB: { contract: "XQBToken", decimals: 18, topUp: "XQBMinter.mint with 1 ETH (3,000 XQB and 3,000 XQBUSD)" },
  XQBUSD: { contract: "XQBUSD", decimals: 18, topUp: "XQBMinter.mint with 1 ETH (3,000 XQB and 3,000 XQBUSD)" },
  VIBE: {
    contract: "VibeCoin",
    decimals: 18,
    topUp: "VibeCoin.mint of 1,000 VIBE by the API signer (its MINTER_ROLE)",
  },
  USDC: { contract: "MockUSDC", decimals: 6, topUp: "MockUSDC.faucet(1,000 USDC), within its 10,000 a day" },
} as const satisfies Record<string, { contract: ContractName; decimals: number; topUp: string }>;
export type LocalToken = keyof typeof LOCAL_TOKENS;

export interface EvmTransfer {
  write: WriteResult;
  /** The transactions that topped our test account up first (hashes), if any. */
  topUps: string[];
}

/** A value transfer of `amount` ETH from the test account to `to`. */
export async function sendEth(node: CoinNode, key: Hex, to: Address, amount: string): Promise<EvmTransfer> {
  return { write: await node.sendValueAs(key, to, parseEther(amount)), topUps: [] };
}

async function topUp(node: CoinNode, key: Hex, token: LocalToken): Promise<WriteResult> {
  const holder = privateKeyToAccount(key).address;
  switch (token) {
    case "XQB":
    case "XQBUSD":
      return node.writeAs(key, { contract: "XQBMinter", functionName: "mint", args: [holder], value: parseEther("1") });
    case "VIBE":
      return node.write({ contract: "VibeCoin", functionName: "mint", args: [holder, parseUnits("1000", 18)] });
    case "USDC":
      return node.writeAs(key, { contract: "MockUSDC", functionName: "faucet", args: [parseUnits("1000", 6)] });
  }
}

/** An ERC-20 transfer of `amount` from the test account to `to`, after topping it up if it holds too little. */
export async function sendToken(
  node: CoinNode,
  key: Hex,
  token: LocalToken,
  to: Address,
  amount: string,
): Promise<EvmTransfer> {
  const { contract, decimals } = LOCAL_TOKENS[token];
  const units = parseUnits(amount, decimals);
  const holder = privateKeyToAccount(key).address;
  const balance = async () =>
    (await node.read({ contract, functionName: "balanceOf", args: [holder] })) as unknown as bigint;
  const topUps: string[] = [];
  // At most two top-ups: a test amount is at most 1,000, and each top-up gives at least that.
  for (let i = 0; i < 2 && (await balance()) < units; i++) topUps.push((await topUp(node, key, token)).transactionHash);
  const write = await node.writeAs(key, { contract, functionName: "transfer", args: [to, units] });
  return { write, topUps };
}

/** The ERC-20 transfer call's ABI, for decoding what a live token test sent. */
export const TRANSFER_ABI = erc20Abi;

/** A payment of `amount` XLM from the server account to `to` (created through friendbot first, live). */
export async function payXlm(
  client: StellarLedgerClient,
  req: { to: string; amount: string; memo: string | null },
  ctx: OpContext,
): Promise<StellarSubmitResult> {
  await client.ensureFunded([req.to], ctx);
  return client.submit(
    (source) =>
      new TransactionBuilder(source, { fee: "1000", networkPassphrase: client.networkPassphrase })
        .addOperation(Operation.payment({ destination: req.to, asset: Asset.native(), amount: req.amount }))
        .addMemo(req.memo ? Memo.text(req.memo) : Memo.none())
        .setTimeout(30)
        .build(),
    ctx,
  );
}

/** A payment of `amount` XRP from the server wallet to `to` (funded through the faucet first, live). */
export async function payXrp(
  client: XrplLedgerClient,
  req: { to: string; amount: string; memo: string | null },
  ctx: OpContext,
): Promise<XrplSubmitResult> {
  await client.ensureFunded([req.to], ctx);
  return client.submit(
    {
      TransactionType: "Payment",
      Destination: req.to,
      Amount: xrpToDrops(req.amount),
      ...(req.memo ? { Memos: [{ Memo: { MemoData: convertStringToHex(req.memo) } }] } : {}),
    },
    ctx,
  );
}
