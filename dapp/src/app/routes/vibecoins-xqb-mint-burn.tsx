import { VibecoinsPage } from "../../features/vibecoins/components/vibecoins-page";

export default VibecoinsPage;
