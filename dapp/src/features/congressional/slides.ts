// The deck's eight slides in the spec's order (part 1, section 2). Their words are copy: the product's claims are
// marked as such (`claims`), and the live figures come from the API (slides 2 to 6 show them as stat cards).

export interface Slide {
  id: string;
  title: string;
  /** What the presenter says, as plain statements about this product. */
  points: readonly string[];
  /** The spec's marketing figures on this slide, shown labelled "Product claim", never as readings. */
  claims?: readonly string[];
  /** Slides 2 to 6 carry the stat cards (compliance score, activities, federal endpoints). */
  stats?: true;
  /** Said plainly where the product has nothing behind the title. */
  notHere?: string;
}

export const SLIDES: readonly Slide[] = [
  {
    id: "executive-summary",
    title: "Executive summary",
    points: [
      "A multi-chain testnet platform: XQB and the XQBUSD stablecoin on an EVM chain, bridged to Stellar and the XRP Ledger.",
      "Every figure on the live dashboard is read from its source (the chain, the database, official government data) and says how.",
      "Post-quantum (ML-DSA-65) attestations sign the platform's records.",
    ],
  },
  {
    id: "genius-act",
    title: "GENIUS Act compliance",
    points: [
      "The compliance audit checks the stablecoin against the GENIUS Act's reserve rules, each computed from the chain.",
      "XQBUSD is backed by ETH and USDC at 150%; the audit says which rules that meets and which not. Our reading, not legal advice.",
    ],
    stats: true,
  },
  {
    id: "quantum-security",
    title: "Quantum security",
    points: [
      "Records are signed with ML-DSA-65 (FIPS 204); the dashboard signs and verifies a fresh message on every reading.",
      "The isolator stores files under post-quantum envelopes and re-verifies them in the background.",
    ],
    claims: ["95% quantum readiness", "97% security level"],
    stats: true,
  },
  {
    id: "phone-protection",
    title: "Phone protection",
    points: ["Every page works on a 390 px phone screen, with the same figures as on a desktop."],
    notHere: "There is no phone security product here: no device is protected or measured by this platform.",
    stats: true,
  },
  {
    id: "consciousness-development",
    title: "Consciousness development",
    points: ["Environmental actions are rewarded in VIBE, minted on chain and recorded (the activities count)."],
    notHere: "Consciousness development is not part of this product: nothing here measures it.",
    stats: true,
  },
  {
    id: "revenue-potential",
    title: "Revenue potential",
    points: ["Transaction fees on stablecoin payments compared with card networks."],
    claims: ["Fees 0.009% versus 2.9%", "$1.61B revenue potential", "1,500+ TPS", "99.97% uptime"],
    stats: true,
  },
  {
    id: "federal-efficiency",
    title: "Federal efficiency initiatives",
    points: [
      "Official series (Federal Reserve, Treasury Fiscal Data, EIA) read live or from the bundled official snapshot, always saying which.",
      "Payments settle on public ledgers in seconds, with their receipts readable by anyone.",
    ],
    claims: ["Savings for federal agencies from faster, cheaper settlement"],
  },
  {
    id: "deployment-readiness",
    title: "Deployment readiness",
    points: [
      "The mainnet readiness dashboard lists what stands between this testnet and mainnet, read from the chain and the test runs.",
      "The professional suite runs load, penetration, disaster-recovery and compliance assessments against this very API.",
    ],
  },
];

export const SLIDE_COUNT = SLIDES.length;
