import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { congressionalContract, type CongressionalFiguresResponse } from "./contract";

export const figuresKey = ["congressional", "figures"] as const;

/** GET /api/congressional/figures: the deck's one call (the API computes it at most once every few seconds for everyone). */
export const getFigures = (signal?: AbortSignal): Promise<CongressionalFiguresResponse> =>
  callEndpoint(congressionalContract.figures, {}, { signal });

export const useCongressionalFigures = () =>
  useQuery({ queryKey: figuresKey, queryFn: ({ signal }) => getFigures(signal) });
