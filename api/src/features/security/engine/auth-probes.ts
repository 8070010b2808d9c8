// Sign-In with Ethereum and session probes. The suite signs with throwaway keys generated per run (never a
// user's key). Each refused message (wrong signature, expired, foreign domain) is followed by a control: the
// same nonce in a correct message, which must be accepted. That proves the refusal was about the property
// under test (not a chain id or clock mismatch) and uses the nonce up. The control's nonce is then sent again
// (reuse), the session cookie's flags are read, and every session the run started is logged out.
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import type { HttpExchange } from "../../../http/self-target";
import type { SecurityCheckId } from "../security.constants";
import { CheckRecorder } from "./check-recorder";
import { fillPath, type SurfaceOperation } from "./openapi-surface";
import type { Prober, ProbeOutcome } from "./prober";

export interface AuthContext {
  /** The Host the target sees: the only domain its SIWE messages may name. */
  host: string;
  scheme: "http" | "https";
  /** The chain id the target's messages must name. */
  chainId: number;
  baseHeaders: Record<string, string>;
  /** Operations not to call without a session (an operator route that is open here would run for real). */
  notWithoutSession?: ReadonlySet<SurfaceOperation>;
}

export interface SiweEndpoints {
  nonce: SurfaceOperation;
  verify: SurfaceOperation;
  logout: SurfaceOperation | null;
  session: SurfaceOperation | null;
}

export function findSiwe(operations: SurfaceOperation[]): SiweEndpoints | null {
  const nonce = operations.find((o) => o.method === "GET" && /\/nonce$/.test(o.template));
  const verify = operations.find(
    (o) => o.method === "POST" && ["message", "signature"].every((f) => o.bodyFields.some((b) => b.name === f)),
  );
  if (!nonce || !verify) return null;
  return {
    nonce,
    verify,
    logout: operations.find((o) => o.method === "POST" && /\/logout$/.test(o.template)) ?? null,
    session: operations.find((o) => o.method === "GET" && /\/session$/.test(o.template)) ?? null,
  };
}

const is2xx = (s: number) => s >= 200 && s < 300;
const cookiesOf = (ex: HttpExchange): string[] => {
  const v = ex.headers["set-cookie"];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};
/** The session cookie a sign-in set: the first Set-Cookie that carries a value. */
const sessionCookie = (ex: HttpExchange) => cookiesOf(ex).find((c) => /^[^=]+=[^;]+/.test(c)) ?? null;
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!.trim();

export interface AuthRun {
  recorders: Map<SecurityCheckId, CheckRecorder>;
  /** Nonces the run obtained (the API discards them afterwards). */
  nonces: string[];
  /** Sessions started and not logged out (should be none). */
  sessionsLeft: number;
}

export async function runAuthProbes(
  prober: Prober,
  operations: SurfaceOperation[],
  ctx: AuthContext,
  checks: Set<SecurityCheckId>,
): Promise<AuthRun> {
  const recorders = new Map<SecurityCheckId, CheckRecorder>();
  for (const id of checks) recorders.set(id, new CheckRecorder(id));
  const rec = (id: SecurityCheckId) => recorders.get(id);
  const nonces: string[] = [];
  const sessions: string[] = [];
  const siwe = findSiwe(operations);
  const jsonHeaders = { ...ctx.baseHeaders, "content-type": "application/json" };
  const signer = privateKeyToAccount(generatePrivateKey());
  const impostor = privateKeyToAccount(generatePrivateKey());
  const siweIds: SecurityCheckId[] = [
    "auth-siwe-wrong-signature",
    "auth-siwe-nonce-reuse",
    "auth-siwe-expired-message",
    "auth-siwe-foreign-domain",
    "auth-cookie-flags",
    "csrf-cookie-samesite",
  ];

  /** Every outcome goes to a check; the ones no selected check wants are still counted by the prober. */
  const note = (id: SecurityCheckId, o: ProbeOutcome, finding: string | null) => rec(id)?.record(o, finding);

  async function getNonce(forCheck: SecurityCheckId): Promise<string | null> {
    const o = await prober.probe({
      probe: "a fresh SIWE nonce",
      method: "GET",
      path: fillPath(siwe!.nonce),
      headers: ctx.baseHeaders,
      write: siwe!.nonce.write,
    });
    note(forCheck, o, null);
    if (!o.sent || !o.exchange || !is2xx(o.exchange.status)) return null;
    try {
      const nonce = (JSON.parse(o.exchange.body) as { nonce?: unknown }).nonce;
      if (typeof nonce !== "string") return null;
      nonces.push(nonce);
      return nonce;
    } catch {
      return null;
    }
  }

  function message(
    nonce: string,
    opts: { domain?: string; uri?: string; expired?: boolean; account?: PrivateKeyAccount } = {},
  ): string {
    const now = Date.now();
    return createSiweMessage({
      domain: opts.domain ?? ctx.host,
      address: (opts.account ?? signer).address,
      uri: opts.uri ?? `${ctx.scheme}://${ctx.host}`,
      version: "1",
      chainId: ctx.chainId,
      nonce,
      statement: "Security suite probe: a throwaway key generated for this run.",
      issuedAt: new Date(opts.expired ? now - 120_000 : now),
      ...(opts.expired ? { expirationTime: new Date(now - 60_000) } : {}),
    });
  }

  async function verify(probe: string, text: string, signature: string): Promise<ProbeOutcome> {
    const o = await prober.probe({
      probe,
      method: "POST",
      path: fillPath(siwe!.verify),
      headers: jsonHeaders,
      body: JSON.stringify({ message: text, signature }),
      write: true,
    });
    if (o.sent && o.exchange && is2xx(o.exchange.status)) {
      const c = sessionCookie(o.exchange);
      if (c) sessions.push(cookiePair(c));
    }
    return o;
  }

  let firstSignIn: HttpExchange | null = null;
  let consumedNonce: string | null = null;

  /** A refused message, then the control with the same nonce. */
  async function negative(
    id: SecurityCheckId,
    probe: string,
    bad: (nonce: string) => Promise<{ text: string; signature: string }>,
  ): Promise<void> {
    const nonce = await getNonce(id);
    if (!nonce) {
      rec(id)?.warn("the target did not hand out a SIWE nonce (see the evidence)");
      return;
    }
    const b = await bad(nonce);
    const o = await verify(probe, b.text, b.signature);
    const accepted = o.sent && o.exchange && is2xx(o.exchange.status);
    note(id, o, accepted ? `accepted with ${o.exchange!.status}: a session was started` : null);
    if (accepted) return;
    const control = message(nonce);
    const c = await verify(
      "control: the same nonce in a correct message (must be accepted)",
      control,
      await signer.signMessage({ message: control }),
    );
    note(id, c, null);
    if (c.sent && c.exchange && is2xx(c.exchange.status)) {
      firstSignIn ??= c.exchange;
      consumedNonce ??= nonce;
    } else if (c.sent) {
      rec(id)?.warn(
        `the control (a correct message with the same nonce) was refused too (${c.exchange?.status ?? c.error}), so the refusal cannot be attributed to the property under test: check the chain id (${ctx.chainId}) and the Host (${ctx.host})`,
      );
    }
  }

  if (!siwe) {
    for (const id of siweIds)
      rec(id)?.warn(
        "the target's OpenAPI document names no SIWE endpoints (GET …/nonce and a POST taking message and signature)",
      );
  } else {
    if (checks.has("auth-siwe-wrong-signature")) {
      await negative("auth-siwe-wrong-signature", "SIWE message for one address signed by another key", async (n) => {
        const text = message(n);
        return { text, signature: await impostor.signMessage({ message: text }) };
      });
    }
    if (checks.has("auth-siwe-expired-message")) {
      await negative(
        "auth-siwe-expired-message",
        "SIWE message whose Expiration Time passed a minute ago",
        async (n) => {
          const text = message(n, { expired: true });
          return { text, signature: await signer.signMessage({ message: text }) };
        },
      );
    }
    if (checks.has("auth-siwe-foreign-domain")) {
      await negative("auth-siwe-foreign-domain", "SIWE message naming evil.example as domain and URI", async (n) => {
        const text = message(n, { domain: "evil.example", uri: "https://evil.example" });
        return { text, signature: await signer.signMessage({ message: text }) };
      });
    }
    const wantsSignIn = ["auth-siwe-nonce-reuse", "auth-cookie-flags", "csrf-cookie-samesite"].some((id) =>
      checks.has(id as SecurityCheckId),
    );
    if (wantsSignIn && !firstSignIn) {
      const forCheck = (["auth-siwe-nonce-reuse", "auth-cookie-flags", "csrf-cookie-samesite"] as const).find((id) =>
        checks.has(id),
      )!;
      const nonce = await getNonce(forCheck);
      if (nonce) {
        const text = message(nonce);
        const o = await verify(
          "a correct SIWE sign-in (the throwaway key)",
          text,
          await signer.signMessage({ message: text }),
        );
        note(forCheck, o, null);
        if (o.sent && o.exchange && is2xx(o.exchange.status)) {
          firstSignIn = o.exchange;
          consumedNonce = nonce;
        }
      }
    }
    if (checks.has("auth-siwe-nonce-reuse")) {
      if (consumedNonce) {
        const text = message(consumedNonce);
        const o = await verify(
          "a second correct message carrying an already used nonce",
          text,
          await signer.signMessage({ message: text }),
        );
        note(
          "auth-siwe-nonce-reuse",
          o,
          o.sent && o.exchange && is2xx(o.exchange.status)
            ? `the used nonce was accepted again (${o.exchange.status})`
            : null,
        );
      } else rec("auth-siwe-nonce-reuse")?.warn("no correct sign-in succeeded, so there was no used nonce to replay");
    }
    const signIn = firstSignIn as HttpExchange | null;
    const cookie = signIn ? sessionCookie(signIn) : null;
    for (const id of ["auth-cookie-flags", "csrf-cookie-samesite"] as const) {
      const r = rec(id);
      if (!r) continue;
      if (!signIn || !cookie) {
        r.warn(
          signIn
            ? "the sign-in set no session cookie"
            : "no correct sign-in succeeded, so no session cookie could be read",
        );
        continue;
      }
      const attrs = cookie
        .split(";")
        .slice(1)
        .map((a) => a.trim().toLowerCase());
      let finding: string | null;
      if (id === "auth-cookie-flags") {
        // Secure is required only over https: the local stack is plain http on 127.0.0.1 (said in the description).
        const missing = [
          !attrs.includes("httponly") ? "HttpOnly" : "",
          ctx.scheme === "https" && !attrs.includes("secure") ? "Secure" : "",
        ].filter(Boolean);
        finding = missing.length ? `the session cookie lacks ${missing.join(" and ")}` : null;
      } else {
        const same = attrs.find((a) => a.startsWith("samesite="))?.slice("samesite=".length);
        finding = same === "strict" || same === "lax" ? null : `the session cookie's SameSite is ${same ?? "absent"}`;
      }
      const evidence = {
        probe: "the session cookie set by the sign-in",
        request: {
          method: "POST",
          path: fillPath(siwe.verify),
          headers: { "content-type": "application/json" },
          body: "(the correct sign-in above)",
        },
        response: {
          status: signIn.status,
          headers: { "set-cookie": cookie.replace(/^([^=]+)=([^;]*)/, "$1=<masked>") },
          body: "",
          durationMs: signIn.durationMs,
        },
        error: null,
      };
      r.record({ sent: true, exchange: signIn, error: null, rateLimited: false, evidence }, finding);
    }
  }

  if (checks.has("auth-session-required")) {
    const r = rec("auth-session-required")!;
    const bound = operations.filter(
      (o) => o.walletBound && o !== siwe?.verify && o !== siwe?.logout && !ctx.notWithoutSession?.has(o),
    );
    for (const op of bound) {
      const o = await prober.probe({
        probe: "wallet-bound endpoint without a session cookie",
        method: op.method,
        path: fillPath(op),
        headers: op.hasBody ? { ...ctx.baseHeaders, "content-type": "application/json" } : ctx.baseHeaders,
        ...(op.hasBody ? { body: '{"sessionProbe":1}' } : {}),
        write: op.write,
      });
      r.record(
        o,
        o.sent && o.exchange && is2xx(o.exchange.status) ? `answered ${o.exchange.status} without a session` : null,
      );
    }
    if (bound.length === 0) r.warn("the target's OpenAPI document marks no endpoint as answering 401");
  }

  // Log out every session the run started; then the logged-out cookie must no longer be a session.
  let sessionsLeft = sessions.length;
  if (siwe?.logout) {
    for (const pair of sessions) {
      const o = await prober.probe({
        probe: "log out the run's session",
        method: "POST",
        path: fillPath(siwe.logout),
        headers: { ...ctx.baseHeaders, cookie: pair },
        write: true,
      });
      if (o.sent && o.exchange && is2xx(o.exchange.status)) sessionsLeft--;
      rec("auth-session-required")?.record(o, null);
    }
    const r = rec("auth-session-required");
    if (r && siwe.session && sessions.length > 0) {
      const o = await prober.probe({
        probe: "the session endpoint with the logged-out cookie",
        method: "GET",
        path: fillPath(siwe.session),
        headers: { ...ctx.baseHeaders, cookie: sessions[0]! },
        write: siwe.session.write,
      });
      r.record(
        o,
        // "No session" may be a 401 or a 2xx that says so (null); a 2xx with anything else is a session still alive.
        o.sent && o.exchange && is2xx(o.exchange.status) && o.exchange.body.trim() !== "null"
          ? `a logged-out session still answers ${o.exchange.status} with a session`
          : null,
      );
    }
  }
  return { recorders, nonces, sessionsLeft };
}
