import { XrpAccountPage } from "../../features/xrpl-account/components/xrp-account-page";

export default XrpAccountPage;
