import { CryptocurrencyPage } from "../../features/cryptocurrency/components/cryptocurrency-page";

export default CryptocurrencyPage;
