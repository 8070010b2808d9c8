import { useIsMutating } from "@tanstack/react-query";
import { testnetKey } from "../api/keys";

/** True while any test run is in flight: the API runs one at a time (409 otherwise), so every run button waits. */
export const useRunBusy = () => useIsMutating({ mutationKey: [...testnetKey, "run"] }) > 0;
