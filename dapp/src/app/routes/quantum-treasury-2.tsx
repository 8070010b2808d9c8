import { QuantumTreasuryPage } from "../../features/quantum-treasury-2/components/quantum-treasury-page";

export default QuantumTreasuryPage;
