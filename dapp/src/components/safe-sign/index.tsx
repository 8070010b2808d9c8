// An owner's wallet signature on a Safe transaction, for any page that shows a SafeFlow: a wallet part, so
// wagmi and viem load with it, not with the page.
import { lazyPart, PartLoading } from "../lazy-part";
import type { SafeOwnerSignProps } from "./types";

export type { SafeOwnerSignProps } from "./types";

export const SafeOwnerSign = lazyPart<SafeOwnerSignProps>(
  () => import("./safe-owner-sign").then((m) => m.SafeOwnerSign),
  {
    wallet: true,
    name: "Owner signature",
    fallback: <PartLoading minHeight={40} label="Loading the wallet" />,
  },
);
