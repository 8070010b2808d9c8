// The toasts after a funding or a verification: the spec's "Earned N VibeCoins" only for VIBE the chain minted;
// a reward signed offline, failed or not due says what happened instead.
import { describe, expect, it } from "vitest";
import { CROWDFUNDING_MESSAGES, CROWDFUNDING_NO_REWARD } from "./crowdfunding.constants";

describe("CROWDFUNDING_MESSAGES", () => {
  it("uses the spec's words for a live mint", () => {
    expect(CROWDFUNDING_MESSAGES.funded({ vibecoins: "50", source: "live", reason: null })).toEqual({
      title: "Project Funded!",
      description: "Earned 50 VibeCoins for supporting environmental action",
    });
    expect(CROWDFUNDING_MESSAGES.verified({ vibecoins: "500", source: "live", reason: null })).toEqual({
      title: "SATELLITE VERIFIED!",
      description: "Earned 500 VibeCoins for verified environmental impact",
    });
  });

  it("never says Earned for VIBE that did not reach the wallet", () => {
    const simulated = CROWDFUNDING_MESSAGES.funded({ vibecoins: "50", source: "simulated", reason: "chain down" });
    expect(simulated.description).toBe("50 VibeCoins signed offline, not minted (simulated: chain down)");
    const failed = CROWDFUNDING_MESSAGES.verified({ vibecoins: "500", source: "failed", reason: "out of gas" });
    expect(failed.description).toBe("No VibeCoins minted: out of gas");
    const none = CROWDFUNDING_MESSAGES.funded({
      vibecoins: "0",
      source: "none",
      reason: CROWDFUNDING_NO_REWARD.fundedBefore,
    });
    expect(none).toEqual({ title: "Project Funded!", description: CROWDFUNDING_NO_REWARD.fundedBefore });
    for (const m of [simulated, failed, none]) expect(m.description).not.toMatch(/Earned/);
  });
});
