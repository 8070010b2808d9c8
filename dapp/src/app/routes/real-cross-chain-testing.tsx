import { RealCrossChainTestingPage } from "../../features/bridge/components/real-testing-page";

export default RealCrossChainTestingPage;
