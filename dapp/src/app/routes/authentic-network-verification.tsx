import { NetworkVerificationPage } from "../../features/network-verification/components/network-verification-page";

export default NetworkVerificationPage;
