import { CongressionalPage } from "../../features/congressional/components/congressional-page";

export default CongressionalPage;
