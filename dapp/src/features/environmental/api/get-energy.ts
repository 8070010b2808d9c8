import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { environmentalContract } from "./contract";
import { energyKey } from "./keys";

/** GET environmental/energy: WTI and Henry Hub, monthly and daily, with each daily series' newest value. */
export const useEnergy = () =>
  useQuery({
    queryKey: energyKey,
    queryFn: ({ signal }) => callEndpoint(environmentalContract.energy, undefined, { signal }),
    // The bundled files do not change while the page is open; the live value is cached by the API.
    staleTime: 5 * 60_000,
  });
