import { useQuery } from "@tanstack/react-query";
import { freshFromChain } from "../../../lib/chain-changes";
import { callEndpoint } from "../../../lib/endpoint-client";
import { onboardingContract, type OnboardingCheckRequest, type OnboardingProgressResponse } from "./contract";

export const onboardingKey = ["onboarding"] as const;

/** The checklist is re-read when the page regains focus, on every new block (a mint or a stake, even one sent elsewhere), and every 15 s while the chain-change stream is down. */
const recheck = { ...freshFromChain({ everyBlock: true }, 15_000), refetchOnWindowFocus: "always" as const };

/**
 * The wallet's progress: recorded and checked (POST check) when the connected wallet is the signed-in one, with
 * what the browser read; otherwise read only (GET progress), which records nothing.
 */
export function useOnboardingProgress(address: string | undefined, record: { facts: OnboardingCheckRequest } | null) {
  return useQuery({
    queryKey: [...onboardingKey, address, record ? JSON.stringify(record.facts) : "read"],
    queryFn: ({ signal }): Promise<OnboardingProgressResponse> =>
      record
        ? callEndpoint(onboardingContract.check, { body: record.facts }, { signal, timeoutMs: 15_000 })
        : callEndpoint(onboardingContract.progress, { query: { address: address! } }, { signal }),
    enabled: Boolean(address),
    placeholderData: (previous) => previous,
    ...recheck,
  });
}
