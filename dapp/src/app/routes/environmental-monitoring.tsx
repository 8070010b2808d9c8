import { EnvironmentalPage } from "../../features/environmental/components/environmental-page";

export default EnvironmentalPage;
