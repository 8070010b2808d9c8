import { FaucetPage } from "../../features/faucet/components/faucet-page";

export default FaucetPage;
