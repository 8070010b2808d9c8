import { RealTestnetPage } from "../../features/testnet-operations/components/real-testnet-page";

export default RealTestnetPage;
