import { AuthenticDashboardPage } from "../../features/testnet-operations/components/authentic-dashboard-page";

export default AuthenticDashboardPage;
