// The demo projects seeded on the local chain (scripts/lib/deploy-crowdfunding.ts creates their campaigns; the
// API stores each as a project, labelled demo, once it finds the campaign by its key). Their texts are the
// projects' own claims, never measurements.
import { keccak256, toHex, type Hex } from "viem";

export interface DemoProject {
  slug: string;
  title: string;
  description: string;
  category: string;
  location: string;
  /** The project's own claim: shown as "claimed, not measured". */
  claimedImpact: string;
  /** Goal in whole USDC. */
  goalUsdc: number;
  /** Days from the deploy to the deadline. */
  days: number;
}

export const DEMO_PROJECTS: readonly DemoProject[] = [
  {
    slug: "great-salt-lake-wetlands",
    title: "Great Salt Lake Wetland Restoration",
    description: "Replanting native bulrush along the lake's eastern shore to hold dust-prone lakebed.",
    category: "Water",
    location: "Davis County, Utah",
    claimedImpact: "120 acres of wetland replanted",
    goalUsdc: 5_000,
    days: 30,
  },
  {
    slug: "uinta-reforestation",
    title: "Uinta Forest Reforestation",
    description: "Seedlings for slopes burnt in recent fires, planted by volunteer crews.",
    category: "Forest",
    location: "Uinta-Wasatch-Cache National Forest",
    claimedImpact: "40,000 seedlings planted",
    goalUsdc: 2_500,
    days: 45,
  },
  {
    slug: "community-solar-moab",
    title: "Moab Community Solar Array",
    description: "A shared rooftop array for a community centre, its output credited to member households.",
    category: "Energy",
    location: "Moab, Utah",
    claimedImpact: "150 kW of rooftop solar",
    goalUsdc: 10_000,
    days: 60,
  },
];

/** The factory key of a demo project's campaign (CrowdfundingFactory.campaignOf). */
export const demoProjectKey = (slug: string): Hex => keccak256(toHex(`crowdfunding-demo:${slug}`));
