import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { qIsolatorContract } from "./contract";
import { reportKey } from "./keys";

/** GET q-isolator/comprehensive-report: readiness and grade by their stated rules, the algorithms used, and the Markdown. */
export const useComprehensiveReport = () =>
  useQuery({
    queryKey: reportKey,
    queryFn: ({ signal }) => callEndpoint(qIsolatorContract.comprehensiveReport, {}, { signal }),
  });
