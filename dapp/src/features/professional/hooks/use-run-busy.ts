import { useIsMutating } from "@tanstack/react-query";
import { runPrefix } from "../api/keys";

/** True while any run is in flight (one kind, or the complete assessment): every Run button waits (the API answers 409 to a second run of a kind). */
export const useRunBusy = () => useIsMutating({ mutationKey: runPrefix }) > 0;
