// The testnet readiness feature's endpoints (http/endpoint.ts), declared once for the API (testnet.routes.ts
// mounts them) and the dapp (features/testnet/api/ calls them). The three test runs are operator POSTs with no body.
import { endpoint } from "../../http/endpoint";
import type {
  franklinReportResponse,
  multisigTestResponse,
  perfectResponse,
  testnetStatusResponse,
  treasuryTestResponse,
} from "./testnet.schemas";

const RUN_ERRORS = ["INVALID_INPUT", "RATE_LIMITED", "LEDGER_UNAVAILABLE"] as const;

export const testnetContract = {
  status: endpoint<{ response: typeof testnetStatusResponse }>()({
    method: "get",
    path: "/api/testnet/status",
    access: "visitor",
    feature: "testnet",
    summary:
      "Testnet readiness: every flag computed (contracts' code, passing test runs on this chain instance, open treasury positions, request metrics, yield accuracy, spread capture), with each check and readinessScore",
  }),
  testTreasury: endpoint<{ response: typeof treasuryTestResponse }>()({
    method: "post",
    path: "/api/testnet/test-treasury",
    access: "operator",
    feature: "testnet",
    summary:
      "On a fresh in-process chain with the suite deployed (never the shared chain): deposit, mint at 150%, 149% refused, price moved on the mock feed below 130%, liquidation by dev account #8, price restored; each step's hash, and where it ran. Off the local chain the steps say why they are skipped",
    errors: RUN_ERRORS,
    write: true,
  }),
  testMultisig: endpoint<{ response: typeof multisigTestResponse }>()({
    method: "post",
    path: "/api/testnet/test-multisig",
    access: "operator",
    feature: "testnet",
    summary:
      "On a fresh in-process chain with the suite deployed (never the shared chain): a Safe transaction with one signature is refused (GS020), the same with two executes; the payload pauses a contract, a user call is refused while paused (EnforcedPause), the Safe unpauses it",
    errors: RUN_ERRORS,
    write: true,
  }),
  perfect: endpoint<{ response: typeof perfectResponse }>()({
    method: "post",
    path: "/api/testnet/perfect",
    access: "operator",
    feature: "testnet",
    summary:
      "Runs the multi-sig test, then the treasury test, on one fresh in-process chain, then computes the status: readinessScore, franklinTempletonReady, the checks and the runs",
    errors: RUN_ERRORS,
    write: true,
  }),
  franklinReport: endpoint<{ response: typeof franklinReportResponse }>()({
    method: "get",
    path: "/api/testnet/franklin-report",
    access: "visitor",
    feature: "testnet",
    summary:
      "Our own readiness report (readiness summary and capability lists) as Markdown and data, generated from the current checks; no endorsement by anyone",
  }),
};
