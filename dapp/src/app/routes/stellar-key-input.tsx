import { StellarKeyPage } from "../../features/stellar-account/components/stellar-key-page";

export default StellarKeyPage;
