import { RealStakingPage } from "../../features/real-staking/components/real-staking-page";

export default RealStakingPage;
