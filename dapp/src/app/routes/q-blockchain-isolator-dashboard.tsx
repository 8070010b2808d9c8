import { QIsolatorPage } from "../../features/q-isolator/components/q-isolator-page";

export default QIsolatorPage;
