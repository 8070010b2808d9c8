import { useIsMutating } from "@tanstack/react-query";
import { runKey } from "../api/keys";

/** True while any security run is in flight: the API runs one suite at a time (409 otherwise), so every run button waits. */
export const useRunBusy = () => useIsMutating({ mutationKey: runKey }) > 0;
