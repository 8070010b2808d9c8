import { LiquidStakingPage } from "../../features/liquid-staking/components/liquid-staking-page";

export default LiquidStakingPage;
