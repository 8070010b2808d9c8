// The API's answers for the page's tests, recorded from the real API (api/src/app.ts on Hardhat's in-process chain
// with the suite deployed) and parsed here with its own schema, so a schema change fails the tests:
// - offline: the default testnet URLs without internet (Stellar and XRPL not reachable), Sepolia not configured;
// - reachable: the fake Horizon naming the public network's passphrase (fail) and the fake rippled on testnet (pass);
// - tooSoon: refresh=true 1 s after that run, answered with the last run.
import { verificationResponse } from "../../../../../api/src/features/network-verification/network-verification.schemas";
import recorded from "./api-responses.json";

export const OFFLINE = verificationResponse.parse(recorded.offline);
export const REACHABLE = verificationResponse.parse(recorded.reachable);
export const TOO_SOON = verificationResponse.parse(recorded.tooSoon);
