import { MainnetReadinessPage } from "../../features/mainnet-readiness/components/mainnet-readiness-page";

export default MainnetReadinessPage;
