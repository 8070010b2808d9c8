import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { testnetContract } from "./contract";
import { reportKey } from "./keys";

/** GET testnet/franklin-report: our readiness report, as data and as Markdown, with its file name. */
export const useFranklinReport = () =>
  useQuery({
    queryKey: reportKey,
    queryFn: ({ signal }) => callEndpoint(testnetContract.franklinReport, {}, { signal }),
  });
