// The four stat cards and the named networks, each computed from what its source answered, with the sentence that
// says how. Pure functions: the service feeds them what the bounded parts read.
import { formatUnits } from "viem";
import type { FigureAnswer, SourceState } from "../../sources/government/government-data";
import type { NetworkStatus } from "./landing.constants";
import { groupedDecimal, listInWords, plural } from "./landing.format";
import type { LandingNetwork, LandingStats } from "./landing.schemas";
import type { CoinLayer, IsolatorIntegrity, VaultCollateral } from "./landing.sources";

type Figures<K extends keyof LandingStats> = NonNullable<LandingStats[K]["figures"]>;

export function governmentCard(sources: SourceState[], answers: FigureAnswer[]) {
  const answering = answers.filter((a) => a.figure !== null);
  const live = answering.filter((a) => a.figure!.source === "live").length;
  const figures: Figures<"government"> = {
    answering: answering.length,
    total: answers.length,
    live,
    snapshot: answering.length - live,
    publishers: sources.map((s) => ({ name: s.name, live: s.live, reason: s.reason })),
  };
  const publishers = sources.map((s) => `${s.name}: ${s.live === "live" ? "live" : s.reason}`).join("; ");
  return {
    // "Answering" counts the snapshot too, so the headline says at once how many of them are live.
    value: `${figures.answering} of ${figures.total} series answering: ${figures.live} live, ${figures.snapshot} snapshot`,
    how: `Of the ${figures.total} official series this product serves (FRED, Treasury Fiscal Data, EIA), ${figures.answering} have a value now: ${figures.live} read live from the publisher, ${figures.snapshot} from the bundled official snapshot. Publishers: ${publishers}.`,
    figures,
  };
}

const LEVEL_ORDER = ["live", "signed-offline", "display-only"] as const;

/** The named networks of the coin layer (each coin's testnet; a coin without one is its own, display only) plus Sepolia. */
export function networksOf(layer: CoinLayer, evmNetwork: string, sepoliaRpcUrl: string | null): LandingNetwork[] {
  const byName = new Map<string, CoinLayer["cryptocurrencies"]>();
  for (const coin of layer.cryptocurrencies) {
    const testnet = coin.testnet.name === "none" ? `${coin.name} (no testnet here)` : coin.testnet.name;
    // A list entry starts with a capital ("the local Hardhat chain" reads as a name there).
    const name = testnet.charAt(0).toUpperCase() + testnet.slice(1);
    byName.set(name, [...(byName.get(name) ?? []), coin]);
  }
  const list: LandingNetwork[] = [...byName].map(([name, coins]) => {
    // A network is at the best level one of its coins reaches now; a signer that did not load is unavailable.
    const working = coins.filter((c) => c.status !== "UNAVAILABLE");
    const best = LEVEL_ORDER.find((l) => working.some((c) => c.level === l));
    const status: NetworkStatus = best ?? "unavailable";
    const witness = (best ? working.find((c) => c.level === best) : coins[0])!;
    return {
      name,
      status,
      reason: witness.levelReason,
      coins: coins.map((c) => c.symbol),
      networkId: witness.testnet.id,
    };
  });
  if (evmNetwork !== "sepolia") {
    list.push({
      name: "Ethereum Sepolia",
      status: sepoliaRpcUrl ? "configured" : "not-configured",
      reason: sepoliaRpcUrl
        ? `SEPOLIA_RPC_URL is set: /authentic-network-verification reads its identity live; the API itself runs on ${evmNetwork}`
        : "SEPOLIA_RPC_URL is not set: nothing here reads or writes Sepolia",
      coins: [],
      networkId: "11155111",
    });
  }
  return list;
}

export function multiChainCard(networks: LandingNetwork[], coins: number) {
  const count = (s: NetworkStatus) => networks.filter((n) => n.status === s).length;
  const fromCoins = networks.filter((n) => n.coins.length > 0);
  const figures: Figures<"multiChain"> = {
    networks: fromCoins.length,
    live: fromCoins.filter((n) => n.status === "live").length,
    signedOffline: fromCoins.filter((n) => n.status === "signed-offline").length,
    displayOnly: fromCoins.filter((n) => n.status === "display-only").length,
    unavailable: fromCoins.filter((n) => n.status === "unavailable").length,
    coins,
  };
  const parts = [
    `${figures.live} live`,
    `${figures.signedOffline} signed offline`,
    `${figures.displayOnly} display only`,
    ...(figures.unavailable ? [`${figures.unavailable} unavailable`] : []),
  ];
  return {
    value: `${plural(figures.networks, "network")}: ${listInWords(parts)}`,
    how: `The coin layer's ${coins} coins grouped by the network each one's test transaction targets, each network at the best level one of its coins reaches now (live: a ledger we reach executes it; signed offline: built and signed with the coin's own library, never broadcast; display only: shown, nothing runs). Sepolia is listed apart (${count("configured") ? "configured" : "not configured"}).`,
    figures,
  };
}

export function quantumCard(
  attestation: Figures<"quantum">["attestation"],
  isolator: IsolatorIntegrity | null,
  isolatorProblem: string | null,
) {
  const filesVerify = isolator !== null && isolator.failed === 0;
  const active = attestation.signsNow && filesVerify;
  const why: string[] = [];
  if (!attestation.signsNow)
    why.push(`the attestation key did not sign and verify a fresh message (${attestation.error})`);
  if (isolator === null) why.push(`the isolator's files could not be read (${isolatorProblem ?? "no answer"})`);
  else if (isolator.failed > 0) why.push(`${plural(isolator.failed, "stored file")} failed an integrity check`);
  const files =
    isolator === null
      ? "the isolator's stored files could not be read"
      : isolator.files === 0
        ? "the isolator holds no file yet, so none fails"
        : `${isolator.verified} of ${plural(isolator.files, "stored file")} verified with post-quantum checks, ${isolator.failed} failed, ${isolator.pending} not verified since written, ${isolator.classicalOnly} classical-only`;
  return {
    value: active ? "Active" : "Inactive",
    how: `Active only while the ${attestation.algorithm} attestation key signs a fresh message and the signature verifies with its public key (now: ${attestation.signsNow ? `yes, in ${attestation.durationMs} ms` : "no"}) and no file the isolator stores fails its integrity check (${files}).${active ? "" : ` Inactive because ${listInWords(why)}.`}`,
    figures: { active, attestation, isolator } satisfies Figures<"quantum">,
  };
}

export function rwaCard(v: VaultCollateral) {
  const usd = groupedDecimal(formatUnits(v.collateralValueUsd, 18));
  const ratioPercent = v.systemRatioBps === null ? null : Number(v.systemRatioBps) / 100;
  const figures: Figures<"rwa"> = {
    source: v.source,
    sourceReason: v.reason,
    vault: v.vault,
    blockNumber: v.blockNumber.toString(),
    collateralUsd: formatUnits(v.collateralValueUsd, 18),
    usdcCollateral: formatUnits(v.usdcCollateral, 6),
    ethCollateral: formatUnits(v.ethCollateral, 18),
    xqbusdSupply: formatUnits(v.xqbusdSupply, 18),
    ratioPercent,
    priceProblem: v.priceProblem,
  };
  const ratio = ratioPercent === null ? "no XQBUSD minted (ratio unbounded)" : `ratio ${ratioPercent}%`;
  return {
    value: `$${usd} collateral, ${ratio}`,
    how: `Read ${v.source === "live" ? "live" : "simulated"} from the TreasuryVault contract (${v.vault}) at block ${v.blockNumber}: ${groupedDecimal(figures.usdcCollateral)} USDC and ${groupedDecimal(figures.ethCollateral, 4)} ETH held as collateral, worth $${usd} ${v.priceProblem ? `(USDC only: ${v.priceProblem})` : "at the vault's ETH/USD feed price"}; the ratio is that value divided by the ${groupedDecimal(figures.xqbusdSupply)} XQBUSD in circulation.`,
    figures,
  };
}
