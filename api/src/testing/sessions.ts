// A signed-in wallet for tests: a session made in the real session store, as POST /api/auth/verify makes it,
// without the SIWE round trip (the auth feature's own tests cover that).
import type { Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Db } from "../db/client";
import { createSessionStore, SESSION_COOKIE } from "../shared/session";

export async function signedInCookie(
  db: Db,
  address: Address = privateKeyToAccount(generatePrivateKey()).address,
  chainId = 31337,
): Promise<{ address: Address; cookie: string }> {
  const { token } = await createSessionStore(db, chainId).create(address, 3600);
  return { address, cookie: `${SESSION_COOKIE}=${token}` };
}
