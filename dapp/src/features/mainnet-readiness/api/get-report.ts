import { callEndpoint } from "../../../lib/endpoint-client";
import { mainnetReadinessContract } from "./contract";

/** GET mainnet-readiness/report: computed when asked, so the download is the checklist as it is now. */
export const fetchReport = () => callEndpoint(mainnetReadinessContract.report);
