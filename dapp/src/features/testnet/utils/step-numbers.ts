// A step's numbers arrive as decimal text in chain units (api/src/features/testnet: wei, XQBUSD and the
// vault's USD values with 18 decimals, basis points, the feed's 8-decimal answer). This turns each into
// words with its unit, exactly (string arithmetic: no float rounding of a 10^18 value), by the key the API
// uses; a key it does not know is shown as the API sent it, with the key split into words.
import { unitsToDecimal } from "../../../lib/units";

export { unitsToDecimal };

/** The feed's answers (MockV3Aggregator on the local chain, Chainlink's ETH/USD on Sepolia): 8 decimals. */
export const FEED_DECIMALS = 8;

const eth = (v: string) => `${unitsToDecimal(v, 18)} ETH`;
const xqbusd = (v: string) => `${unitsToDecimal(v, 18, 4)} XQBUSD`;
const usd18 = (v: string) => `$${unitsToDecimal(v, 18, 2)}`;
const feedUsd = (v: string) => `$${unitsToDecimal(v, FEED_DECIMALS, 2)}`;
const percentOfBps = (v: string) => (v === "max" ? "no debt" : `${unitsToDecimal(v, 2, 2)}%`);
const seconds = (v: string) => `${unitsToDecimal(v, 0)} s`;
const plain = (v: string) =>
  /^-?\d+$/.test(v) ? unitsToDecimal(v, 0) : v === "true" ? "yes" : v === "false" ? "no" : v;

/** The keys the testnet API writes, with a label and a unit. */
const KNOWN: Record<string, { label: string; unit: (v: string) => string }> = {
  depositWei: { label: "Deposit", unit: eth },
  ethSeizedWei: { label: "ETH seized", unit: eth },
  ethCollateralBefore: { label: "ETH collateral before", unit: eth },
  ethCollateralAfter: { label: "ETH collateral after", unit: eth },
  collateralValueUsd: { label: "Collateral value", unit: usd18 },
  minted: { label: "Minted", unit: xqbusd },
  debt: { label: "Debt", unit: xqbusd },
  debtAfter: { label: "Debt after", unit: xqbusd },
  debtWouldBe: { label: "Debt would be", unit: xqbusd },
  extra: { label: "Further mint", unit: xqbusd },
  held: { label: "XQBUSD held", unit: xqbusd },
  repaid: { label: "Repaid", unit: xqbusd },
  maxMintable: { label: "Max mintable", unit: xqbusd },
  maxMintableAfter: { label: "Max mintable after", unit: xqbusd },
  answer: { label: "ETH/USD", unit: feedUsd },
  answerBefore: { label: "ETH/USD before", unit: feedUsd },
  answerAfter: { label: "ETH/USD after", unit: feedUsd },
  original: { label: "ETH/USD before the test", unit: feedUsd },
  ageSeconds: { label: "Price age", unit: seconds },
  maxPriceAgeSeconds: { label: "Max price age", unit: seconds },
  safeNonce: { label: "Safe nonce", unit: plain },
  safeTxHash: { label: "Safe tx hash", unit: (v) => v },
};

/** "camelCaseKey" -> "Camel case key" */
const words = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

/** A step's number as a label and a readable value. */
export function stepNumber(key: string, value: string): { label: string; text: string } {
  const known = KNOWN[key];
  if (known) return { label: known.label, text: known.unit(value) };
  if (key.endsWith("Bps")) return { label: words(key.slice(0, -3)), text: percentOfBps(value) };
  if (key.endsWith("Wei")) return { label: words(key.slice(0, -3)), text: eth(value) };
  return { label: words(key), text: plain(value) };
}
