// The API's scoring rule before any report (a report carries its own): a lazy part, so the API's constants module
// (with the checks' table) loads after the first paint, not in it.
import { SECURITY_SCORING_RULE } from "../../../../../api/src/features/security/security.constants";

export const ApiScoringRule = () => <>{SECURITY_SCORING_RULE}</>;
