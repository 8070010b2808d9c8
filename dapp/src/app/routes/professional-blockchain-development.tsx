import { ProfessionalPage } from "../../features/professional/components/professional-page";

export default ProfessionalPage;
