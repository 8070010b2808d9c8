import { XrpExecutionPage } from "../../features/xrpl-account/components/xrp-execution-page";

export default XrpExecutionPage;
