// The real-testnet page's tests: each one's call and the message its success toast carries (labels and access rules:
// test-kinds.ts). Loaded with the first run, so the page's first paint carries neither.
import type { ToastVariant } from "../../../components/toast";
import type {
  GovernmentDataResponse,
  MultiCryptoResponse,
  RealOperationsResponse,
  StellarTransactionResponse,
  SupportedAssetsResponse,
  VibeAnalyticsResponse,
  VibeMintResponse,
} from "../api/contract";
import {
  fetchGovernmentData,
  fetchRealOperations,
  fetchSupportedAssets,
  fetchVibeAnalytics,
  mintTestVibe,
  runMultiCrypto,
  sendRealTestnetStellar,
} from "../api/run-tests";
import type { MultiCryptoCoin } from "../constants";
import { figuresOf } from "./figures";
import { TEST_LABEL, type TestKind } from "./test-kinds";

export type { TestKind };

export interface Answers {
  government: GovernmentDataResponse;
  assets: SupportedAssetsResponse;
  vibeAnalytics: VibeAnalyticsResponse;
  realOperations: RealOperationsResponse;
  stellar: StellarTransactionResponse;
  multiCrypto: MultiCryptoResponse;
  vibeMint: VibeMintResponse;
}

export interface Inputs {
  government: void;
  assets: void;
  vibeAnalytics: void;
  realOperations: void;
  stellar: { xlmAmount: string; memo: string };
  multiCrypto: { selectedCryptos: MultiCryptoCoin[] };
  vibeMint: { recipientAddress: string };
}

export type Toast = { variant: ToastVariant; title: string; description: string };

interface Test<K extends TestKind> {
  call: (input: Inputs[K]) => Promise<Answers[K]>;
  toast: (answer: Answers[K]) => Toast;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A simulated result is never a green "Success": it completed, signed and not submitted, and says why. */
const ledgerToast = (label: string, source: "live" | "simulated", description: string): Toast =>
  source === "live"
    ? { variant: "success", title: `${label} Success`, description }
    : { variant: "simulated", title: `${label} Complete`, description };

export const TESTS: { [K in TestKind]: Test<K> } = {
  government: {
    call: fetchGovernmentData,
    toast: (a) => {
      const figures = figuresOf([a.federalReserve, a.treasury, a.eia]);
      const live = figures.filter((f) => f?.source === "live").length;
      const snapshot = figures.filter((f) => f?.source === "snapshot").length;
      return {
        variant: a.message ? "warning" : "success",
        title: `${TEST_LABEL.government} Complete`,
        description:
          a.message ?? `${plural(live + snapshot, "figure")}: ${live} live, ${snapshot} from the bundled snapshot`,
      };
    },
  },
  assets: {
    call: fetchSupportedAssets,
    toast: (a) => ({
      variant: "success",
      title: `${TEST_LABEL.assets} Complete`,
      description: `${plural(a.totalAssets, "asset")}: ${a.levels.live} live, ${a.levels["signed-offline"]} signed offline, ${a.levels["display-only"]} display only`,
    }),
  },
  vibeAnalytics: {
    call: fetchVibeAnalytics,
    toast: (a) => ({
      variant: "success",
      title: `${TEST_LABEL.vibeAnalytics} Complete`,
      description: `${a.analytics.totalETHStaked} ETH staked in ${plural(a.analytics.totalPools, "pool")} (${a.source}, block ${a.asOfBlock})`,
    }),
  },
  realOperations: {
    call: fetchRealOperations,
    toast: (a) => {
      const chains = a.operations.authenticBlockchains;
      return {
        variant: "success",
        title: `${TEST_LABEL.realOperations} Complete`,
        description: `${plural(a.operations.supportedNetworks, "testnet")} a test can target: ${chains.filter((c) => c.level === "live").length} live, ${chains.filter((c) => c.level === "signed-offline").length} signed offline`,
      };
    },
  },
  stellar: {
    call: sendRealTestnetStellar,
    toast: (a) => ledgerToast(TEST_LABEL.stellar, a.source, a.note),
  },
  multiCrypto: {
    call: runMultiCrypto,
    toast: (a) => {
      const failed = a.results.filter((r) => !r.success).map((r) => r.symbol);
      return {
        variant: failed.length ? "warning" : "success",
        title: `${TEST_LABEL.multiCrypto} Complete`,
        description: `${a.successful} of ${a.totalOperations} coins succeeded (${a.successRate} %)${failed.length ? `; failed: ${failed.join(", ")}` : ""}`,
      };
    },
  },
  vibeMint: {
    call: mintTestVibe,
    toast: (a) =>
      ledgerToast(
        TEST_LABEL.vibeMint,
        a.source,
        a.source === "live"
          ? `${a.amount} VIBE minted to ${a.recipient} on ${a.network}`
          : `${a.amount} VIBE signed, not submitted: ${a.reason ?? "no reason given"}`,
      ),
  },
};

/** The success toast of a stored answer (TypeScript does not narrow a union entry's answer by its kind: one cast here). */
export const successToastOf = (kind: TestKind, answer: Answers[TestKind]): Toast =>
  (TESTS[kind].toast as (a: Answers[TestKind]) => Toast)(answer);
