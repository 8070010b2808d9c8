// The API's answer for the page's tests, recorded from the real API (api/src/app.ts on Hardhat's in-process chain
// with the suite deployed, Stellar and XRPL at closed ports, as the tests run offline) and parsed here with its own
// schema, so a schema change fails the tests.
import { technicalOverviewResponse } from "../../../../../api/src/features/technical-integration/technical-integration.schemas";
import recorded from "./api-response.json";

export const OVERVIEW = technicalOverviewResponse.parse(recorded);
