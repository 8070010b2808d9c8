import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { professionalContract } from "./contract";
import { reportKey } from "./keys";

/** GET professional/readiness-report: overall readiness, the recommendation, each assessment's latest run, the load-test history. */
export const useReadinessReport = () =>
  useQuery({
    queryKey: reportKey,
    queryFn: ({ signal }) => callEndpoint(professionalContract.readinessReport, {}, { signal }),
  });
