// The crowdfunding feature's reads of the chain: a campaign's figures (raw eth_call against the campaign's own
// address, its ABI generated beside the deploy map), the latest attestation for it, and the events of a wallet's
// own transaction (Contributed, Attested, CampaignCreated), checked to be that wallet's and that contract's.
import {
  decodeFunctionResult,
  encodeFunctionData,
  formatUnits,
  getAddress,
  isAddressEqual,
  keccak256,
  parseEventLogs,
  toHex,
  zeroAddress,
  type Address,
  type Hash,
  type Hex,
} from "viem";
import { CrowdfundingCampaignAbi } from "../../../../contracts/generated/abis";
import { abiOf } from "../../ledgers/evm/contracts";
import type { EvmChain, MinedReceipt } from "../../ledgers/evm";
import { LedgerRejectedError } from "../../ledgers/types";
import { fieldError } from "../../http/errors";
import { CAMPAIGN_STATES, CROWDFUNDING_USDC_DECIMALS, type CampaignState } from "./crowdfunding.constants";
import type { Attestation } from "./crowdfunding.schemas";

export const VERIFIER_ROLE = keccak256(toHex("VERIFIER_ROLE"));
export const usdcText = (units: bigint): string => formatUnits(units, CROWDFUNDING_USDC_DECIMALS);
const iso = (seconds: bigint | number) => new Date(Number(seconds) * 1000).toISOString();

type CampaignRead = "goal" | "totalRaised" | "deadline" | "state" | "beneficiary" | "creator" | "contributionOf";

async function campaignCall<T>(evm: EvmChain, campaign: Address, functionName: CampaignRead, args?: [Address]) {
  const data = encodeFunctionData({
    abi: CrowdfundingCampaignAbi,
    functionName,
    ...(args ? { args } : {}),
  } as Parameters<typeof encodeFunctionData>[0]);
  const out = await evm.call({ to: campaign, data });
  if (out.reverted) throw new LedgerRejectedError("ethereum", `campaign ${campaign}.${functionName}: ${out.message}`);
  if (out.data === "0x") throw new LedgerRejectedError("ethereum", `no campaign contract at ${campaign} on this chain`);
  return decodeFunctionResult({ abi: CrowdfundingCampaignAbi, functionName, data: out.data as Hex } as Parameters<
    typeof decodeFunctionResult
  >[0]) as T;
}

export interface CampaignFigures {
  goal: bigint;
  raised: bigint;
  deadline: bigint;
  state: CampaignState;
  beneficiary: Address;
  creator: Address;
}

/** The campaign's own figures, read together. */
export async function readCampaign(evm: EvmChain, campaign: Address): Promise<CampaignFigures> {
  const [goal, raised, deadline, state, beneficiary, creator] = await Promise.all([
    campaignCall<bigint>(evm, campaign, "goal"),
    campaignCall<bigint>(evm, campaign, "totalRaised"),
    campaignCall<bigint>(evm, campaign, "deadline"),
    campaignCall<number>(evm, campaign, "state"),
    campaignCall<Address>(evm, campaign, "beneficiary"),
    campaignCall<Address>(evm, campaign, "creator"),
  ]);
  return { goal, raised, deadline: BigInt(deadline), state: CAMPAIGN_STATES[state]!, beneficiary, creator };
}

export const deadlineText = (f: CampaignFigures) => iso(f.deadline);

/** The latest attestation for `subject` on the registry, revoked or not; null when none. */
export async function latestAttestation(evm: EvmChain, subject: Address): Promise<Attestation | null> {
  const id = await evm.read({ contract: "AttestationRegistry", functionName: "latestOf", args: [subject] });
  if (id === 0n) return null;
  return readAttestation(evm, id);
}

export async function readAttestation(evm: EvmChain, id: bigint): Promise<Attestation> {
  const a = await evm.read({ contract: "AttestationRegistry", functionName: "getAttestation", args: [id] });
  return {
    id: id.toString(),
    verifier: getAddress(a.verifier),
    data: a.data,
    attestedAt: iso(a.time),
    revoked: a.revokedAt !== 0n,
    revokedAt: a.revokedAt !== 0n ? iso(a.revokedAt) : null,
  };
}

export const isVerifier = (evm: EvmChain, account: Address) =>
  evm.read({ contract: "AttestationRegistry", functionName: "hasRole", args: [VERIFIER_ROLE, account] });

/** The demo project's campaign by its factory key; null when the deploy created none. */
export async function campaignOfKey(evm: EvmChain, key: Hex): Promise<Address | null> {
  const a = await evm.read({ contract: "CrowdfundingFactory", functionName: "campaignOf", args: [key] });
  return a === zeroAddress ? null : getAddress(a);
}

/** The wallet's mined, successful transaction; a 400 on the hash otherwise. */
async function walletReceipt(evm: EvmChain, hash: Hash, wallet: Address): Promise<MinedReceipt> {
  const receipt = await evm.receipt(hash);
  if (!receipt)
    throw fieldError("transactionHash", `transaction ${hash} not found (or not mined yet) on ${evm.network}`);
  if (receipt.status !== "success") throw fieldError("transactionHash", `transaction ${hash} reverted`);
  if (!isAddressEqual(receipt.from, wallet))
    throw fieldError("transactionHash", `transaction ${hash} was sent by ${receipt.from}, not by the signed-in wallet`);
  return receipt;
}

/** The wallet's own contribution to `campaign` in transaction `hash` (its Contributed events, summed). */
export async function readContribution(evm: EvmChain, hash: Hash, wallet: Address, campaign: Address) {
  const receipt = await walletReceipt(evm, hash, wallet);
  const events = parseEventLogs({ abi: CrowdfundingCampaignAbi, eventName: "Contributed", logs: receipt.logs }).filter(
    (l) => isAddressEqual(l.address, campaign) && isAddressEqual(l.args.contributor, wallet),
  );
  if (events.length === 0)
    throw fieldError(
      "transactionHash",
      `transaction ${hash} holds no contribution by this wallet to campaign ${campaign}`,
    );
  return { receipt, amount: events.reduce((sum, e) => sum + e.args.amount, 0n) };
}

/** The wallet's own attestation for `campaign` in transaction `hash` (the registry's Attested event). */
export async function readAttested(evm: EvmChain, hash: Hash, wallet: Address, campaign: Address) {
  const receipt = await walletReceipt(evm, hash, wallet);
  const registry = evm.address("AttestationRegistry");
  const event = parseEventLogs({ abi: abiOf("AttestationRegistry"), eventName: "Attested", logs: receipt.logs }).find(
    (l) =>
      isAddressEqual(l.address, registry) &&
      isAddressEqual(l.args.subject, campaign) &&
      isAddressEqual(l.args.verifier, wallet),
  );
  if (!event)
    throw fieldError(
      "transactionHash",
      `transaction ${hash} holds no attestation by this wallet for campaign ${campaign}`,
    );
  return { receipt, id: event.args.id };
}

/** The campaign the wallet's own createCampaign transaction created (the factory's CampaignCreated event). */
export async function readCreated(evm: EvmChain, hash: Hash, wallet: Address) {
  const receipt = await walletReceipt(evm, hash, wallet);
  const factory = evm.address("CrowdfundingFactory");
  const event = parseEventLogs({
    abi: abiOf("CrowdfundingFactory"),
    eventName: "CampaignCreated",
    logs: receipt.logs,
  }).find((l) => isAddressEqual(l.address, factory) && isAddressEqual(l.args.creator, wallet));
  if (!event) throw fieldError("transactionHash", `transaction ${hash} created no campaign on factory ${factory}`);
  return { receipt, campaign: getAddress(event.args.campaign), projectKey: event.args.projectKey };
}
