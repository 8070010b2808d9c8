import { useSession } from "../../../components/session/get-session";
import { DEMO_USER_ID } from "../constants";

/**
 * Whose positions the page shows: the signed-in wallet's own book (a SIWE session), or the spec's demo user's
 * read-only showcase while nobody is signed in. Only a signed-in wallet trades (POST /stake and /close act for
 * the session's address).
 */
export function useTreasuryUser(): { userId: string | undefined; who: "wallet" | "demo"; pending: boolean } {
  const session = useSession();
  if (session.isPending) return { userId: undefined, who: "demo", pending: true };
  const address = session.data?.address;
  return address
    ? { userId: address, who: "wallet", pending: false }
    : { userId: DEMO_USER_ID, who: "demo", pending: false };
}
