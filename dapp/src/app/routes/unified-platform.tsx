import { UnifiedPage } from "../../features/unified/components/unified-page";

export default UnifiedPage;
