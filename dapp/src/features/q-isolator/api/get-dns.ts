import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { dnsProtectionResponse } from "../../../types/api";
import { dnsKey } from "./keys";

/** GET /api/q-isolator/dns-protection: the API's Host allow-list, its refusal counter and a self-test run now. */
export const useDnsProtection = () =>
  useQuery({
    queryKey: dnsKey,
    queryFn: ({ signal }) => api.get<typeof dnsProtectionResponse>("/api/q-isolator/dns-protection", signal),
  });
