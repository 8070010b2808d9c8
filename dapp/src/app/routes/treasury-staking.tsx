import { TreasuryStakingPage } from "../../features/treasury-staking/components/treasury-staking-page";

export default TreasuryStakingPage;
