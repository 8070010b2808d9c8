import { encodeFunctionData, keccak256, parseGwei, type Address } from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { XQBMinterAbi } from "../../../../contracts/generated/abis";
import type { EthMintReceipt, EthMintRequest, EvmClient } from "../types";
import type { EvmNonceState } from "./nonce";
import { checkMint, quoteMint } from "./quote";

export interface EvmSimulatedConfig {
  network: string;
  chainId: number;
  privateKey: `0x${string}`;
  /** Where the signed call is addressed. */
  minter: Address;
}

// Fixed values stand in for what the node would fill: a mint uses ~120k gas, and 2 gwei is a plausible testnet fee.
const GAS_LIMIT = 200_000n;
const MAX_FEE = parseGwei("2");
const PRIORITY_FEE = parseGwei("1");

/** Signs the same XQBMinter.mint call offline with the server key; never needs the node. */
export class EvmSimulatedClient implements EvmClient {
  readonly chainId: number;
  readonly network: string;
  readonly account: Address;
  private readonly signer: PrivateKeyAccount;
  // Each offline transaction takes the nonce after the last one signed here, so two identical requests
  // sign two different transactions, as they would on the chain.
  private lastNonce = -1;

  constructor(private readonly cfg: EvmSimulatedConfig, private readonly nonce: EvmNonceState) {
    this.chainId = cfg.chainId;
    this.network = cfg.network;
    this.signer = privateKeyToAccount(cfg.privateKey);
    this.account = this.signer.address;
  }

  async mintXqb({ weiIn, recipient }: EthMintRequest): Promise<EthMintReceipt> {
    checkMint(weiIn, recipient);
    const signed = await this.signer.signTransaction({
      type: "eip1559",
      chainId: this.chainId,
      nonce: (this.lastNonce = Math.max(this.nonce.next ?? 0, this.lastNonce + 1)),
      to: this.cfg.minter,
      value: weiIn,
      data: encodeFunctionData({ abi: XQBMinterAbi, functionName: "mint", args: [recipient] }),
      gas: GAS_LIMIT,
      maxFeePerGas: MAX_FEE,
      maxPriorityFeePerGas: PRIORITY_FEE,
    });
    return {
      network: this.network,
      transactionHash: keccak256(signed),
      signedTransaction: signed,
      ledgerIndex: null,
      explorerUrl: null,
      signer: this.account,
      recipient,
      ...quoteMint(weiIn),
    };
  }
}
