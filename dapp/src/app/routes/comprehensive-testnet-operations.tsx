import { OperationsLogPage } from "../../features/operations-log/components/operations-log-page";

export default OperationsLogPage;
