import { Skeleton } from "../../../components/skeleton";
import { PANEL_HEIGHT } from "../utils/placeholder-heights";

type Panel = keyof typeof PANEL_HEIGHT;

/**
 * A QueryState's placeholder at the panel's measured height for each width: `height` (a number, the loading box's
 * minimum) is the smallest of them, the skeleton holds the rest.
 */
export function panelPlaceholder(panel: Panel) {
  const heights = PANEL_HEIGHT[panel];
  return {
    height: Math.min(...Object.values(heights)),
    skeleton: <Skeleton variant="rounded" sx={{ height: heights }} />,
  };
}
