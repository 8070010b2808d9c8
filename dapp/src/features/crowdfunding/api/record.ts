import { callEndpoint } from "../../../lib/endpoint-client";
import {
  crowdfundingContract,
  type CreateProjectRequest,
  type CreateProjectResponse,
  type FundResponse,
  type VerifyResponse,
} from "./contract";

/** POST vibecoins/fund: the API reads the wallet's own contribution from its receipt, records it and mints the reward. */
export const recordFunding = (projectId: string, transactionHash: string): Promise<FundResponse> =>
  callEndpoint(crowdfundingContract.fund, {
    body: { projectId, amount: 50, action: "fund_project", transactionHash },
  });

/** POST utah-agency/verify: the API reads the verifier's own attestation from its receipt and mints the reward. */
export const recordVerification = (projectId: string, transactionHash: string): Promise<VerifyResponse> =>
  callEndpoint(crowdfundingContract.verify, {
    body: { projectId, verificationMethod: "Satellite", action: "satellite_verified_action", transactionHash },
  });

/** POST vibecoins/projects: the API reads the campaign the wallet's own createCampaign made, and stores the project. */
export const recordProject = (body: CreateProjectRequest): Promise<CreateProjectResponse> =>
  callEndpoint(crowdfundingContract.create, { body });
