import { MintingPage } from "../../features/minting/components/minting-page";

export default MintingPage;
