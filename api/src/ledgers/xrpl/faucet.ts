// The XRPL testnet faucet (POST /accounts {destination}), called directly rather than through xrpl.js's
// fundWallet, whose balance polling runs on its own 20 s interval outside any deadline. The faucet host may
// carry a scheme: production stays on https; plain http only for a faucet on this machine (the e2e fake).

const DEFAULT_FAUCETS: [ws: RegExp, host: string][] = [
  [/altnet\.rippletest\.net/, "faucet.altnet.rippletest.net"],
  [/devnet\.rippletest\.net/, "faucet.devnet.rippletest.net"],
];
const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The faucet's base URL (no trailing slash), or null when none is configured nor derivable from the node's URL. */
export function faucetUrlFor(wsUrl: string, faucetHost?: string | null): string | null {
  if (faucetHost) {
    if (/^https?:\/\//.test(faucetHost)) {
      const url = new URL(faucetHost);
      if (url.protocol === "http:" && !LOCAL_HOSTS.has(url.hostname))
        throw new Error(`the XRPL faucet ${url.host} must use https (http only on 127.0.0.1)`);
      return url.origin;
    }
    return `https://${faucetHost}`;
  }
  const host = DEFAULT_FAUCETS.find(([ws]) => ws.test(wsUrl))?.[1];
  return host ? `https://${host}` : null;
}

/** Asks the faucet to fund `address`; resolves once it accepted (the account appears in a later ledger). */
export async function requestFaucet(faucetUrl: string, address: string, signal: AbortSignal): Promise<void> {
  const res = await fetch(`${faucetUrl}/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ destination: address, userAgent: "xqb-testnet-api" }),
    signal,
  });
  if (!res.ok) throw new FaucetError(`the faucet answered ${res.status}`);
  const body = (await res.json().catch(() => null)) as {
    account?: { classicAddress?: string; address?: string };
  } | null;
  const funded = body?.account?.classicAddress ?? body?.account?.address;
  if (funded !== address) throw new FaucetError("the faucet did not name the account it funded");
}

export class FaucetError extends Error {
  override readonly name = "FaucetError";
}
