import { TechnicalIntegrationPage } from "../../features/technical-integration/components/technical-integration-page";

export default TechnicalIntegrationPage;
