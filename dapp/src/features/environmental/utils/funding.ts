/** currentFunding / fundingGoal in percent (decimal text both); 0 when the goal is zero or unreadable. */
export function fundedPercent(current: string, goal: string): number {
  const c = Number(current);
  const g = Number(goal);
  return Number.isFinite(c) && Number.isFinite(g) && g > 0 ? (c / g) * 100 : 0;
}
