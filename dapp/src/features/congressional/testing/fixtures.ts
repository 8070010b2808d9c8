// The API's answers for the page's tests: `offline` recorded from the real API (api/src/app.ts on Hardhat's
// in-process chain with the suite deployed, publishers unreachable) and parsed here with its own schema, so a schema
// change fails the tests; `missing` is the same answer as the API gives when every part's data is missing
// (congressional.routes.test.ts checks the API does so).
import { congressionalFiguresResponse } from "../../../../../api/src/features/congressional/congressional.schemas";
import recorded from "./api-responses.json";

export const OFFLINE = congressionalFiguresResponse.parse(recorded.offline);

export const MISSING = congressionalFiguresResponse.parse({
  ...OFFLINE,
  complianceScore: {
    ...OFFLINE.complianceScore,
    value: 90,
    basis: "spec-default",
    how: "Spec default (90): the data behind this card is missing.",
    reason: "the compliance audit timed out after 2500 ms",
    rulesMet: null,
    rulesTotal: null,
    rules: [],
    disclaimer: null,
    blockNumber: null,
  },
  activities: {
    ...OFFLINE.activities,
    value: 12,
    basis: "spec-default",
    how: "Spec default (12): the data behind this card is missing.",
    reason: "database down",
    environmentalMints: null,
    rewardedWallets: null,
    lastAt: null,
  },
  federalEndpoints: {
    ...OFFLINE.federalEndpoints,
    value: 5,
    basis: "spec-default",
    how: "Spec default (5): the data behind this card is missing.",
    reason: "no government data source is configured",
    sources: [],
  },
  nationalDebt: {
    valueUsd: 36.2e12,
    basis: "fallback",
    asOf: null,
    publisher: "U.S. Treasury Fiscal Data",
    seriesId: "debt_to_penny.tot_pub_debt_out_amt",
    note: "Spec fallback ($36.2T): no bundled row.",
  },
});
