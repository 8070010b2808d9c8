import { CrossChainDemoPage } from "../../features/bridge/components/cross-chain-demo-page";

export default CrossChainDemoPage;
