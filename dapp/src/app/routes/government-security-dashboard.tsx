import { SecurityPage } from "../../features/security/components/security-page";

export default SecurityPage;
