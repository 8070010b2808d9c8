import { TestnetPage } from "../../features/testnet/components/testnet-page";

export default TestnetPage;
