// The generated deploy map (addresses + ABIs as const), shared with the API.
export { deployments, type DeployedChainId } from "../../../contracts/generated/deployments";
