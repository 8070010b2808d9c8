import { useIsMutating } from "@tanstack/react-query";
import { mintMutationKey } from "../api/get-mint-history";

/** The page's single busy flag: true while any mint of any tab is pending. */
export const useMintBusy = () => useIsMutating({ mutationKey: mintMutationKey }) > 0;
