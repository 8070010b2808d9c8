// The API's answer for the page's tests, recorded from the running stack (`npm start` with CONTACT_NAME and
// CONTACT_EMAIL set, offline: the government figures from the bundled snapshot, Stellar and XRPL signed offline) and
// parsed here with its own schema, so a schema change fails the tests.
import { landingSummaryResponse } from "../../../../../api/src/features/landing/landing.schemas";
import recorded from "./api-responses.json";

export const STACK = landingSummaryResponse.parse(recorded.stack);
