import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { qIsolatorContract } from "./contract";
import { dnsKey } from "./keys";

/** GET q-isolator/dns-protection: the API's Host allow-list, its refusal counter and a self-test run now. */
export const useDnsProtection = () =>
  useQuery({
    queryKey: dnsKey,
    queryFn: ({ signal }) => callEndpoint(qIsolatorContract.dnsProtection, {}, { signal }),
  });
