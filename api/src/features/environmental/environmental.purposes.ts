// What each VIBE mint was for, from the records other features keep (their exports, wired in app.ts): the
// environmental project named with a testnet-operations mint, the hourly reward of the vibecoins feature, and the
// crowdfunding rewards (a funding's or a verification's VIBE, minted after the wallet's own transaction was read).
import type { PurposeSource } from "./environmental.rewards";

/** The other features' records, by transaction hash (lower case). */
export interface MintRecords {
  environmentalMints(hashes: string[]): Promise<{ transactionHash: string; project: string }[]>;
  hourlyRewards(hashes: string[]): Promise<{ transactionHash: string; wallet: string }[]>;
  crowdfundingRewards(
    hashes: string[],
  ): Promise<{ transactionHash: string; action: "fund_project" | "satellite_verified_action"; projectId: string }[]>;
}

export function purposeSources(records: MintRecords): PurposeSource[] {
  return [
    async (hashes) =>
      new Map(
        (await records.environmentalMints(hashes)).map((r) => [
          r.transactionHash,
          {
            kind: "environmental-action",
            detail: `Environmental project: ${r.project}`,
            recordedBy: "testnet-operations",
          },
        ]),
      ),
    async (hashes) =>
      new Map(
        (await records.hourlyRewards(hashes)).map((r) => [
          r.transactionHash,
          {
            kind: "reward",
            detail: "The VIBE reward a signed-in wallet claims (one per hour)",
            recordedBy: "vibecoins",
          },
        ]),
      ),
    async (hashes) =>
      new Map(
        (await records.crowdfundingRewards(hashes)).map((r) => [
          r.transactionHash,
          r.action === "fund_project"
            ? { kind: "funding", detail: `Funding project ${r.projectId}`, recordedBy: "crowdfunding" }
            : {
                kind: "verification",
                detail: `An allow-listed verifier's attestation of project ${r.projectId}`,
                recordedBy: "crowdfunding",
              },
        ]),
      ),
  ];
}
