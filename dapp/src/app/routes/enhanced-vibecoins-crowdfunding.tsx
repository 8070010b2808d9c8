import { CrowdfundingPage } from "../../features/crowdfunding/components/crowdfunding-page";

export default CrowdfundingPage;
