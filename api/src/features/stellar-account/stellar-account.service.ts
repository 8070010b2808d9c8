// The stellar-account feature's operations on the Stellar client (live or simulated, chosen by the
// selector): the network the page signs for, an account with its reserves, friendbot, and the relay of an
// envelope the user signed in the browser. The API holds no user key and signs nothing here.
import { Networks } from "@stellar/stellar-sdk";
import type { LedgerSelector } from "../../ledgers/selector";
import {
  decodeSignedEnvelope,
  EnvelopeError,
  explorerTxUrl,
  neverSeen,
  type StellarLedgerClient,
} from "../../ledgers/stellar";
import { fieldError } from "../../http/errors";
import { STELLAR_DEFAULT_BASE_FEE_STROOPS } from "./stellar-account.constants";
import type {
  StellarAccountResponse,
  StellarFundResponse,
  StellarNetworkResponse,
  StellarSubmitResponse,
} from "./stellar-account.schemas";

export interface StellarAccountDeps {
  stellar: LedgerSelector<StellarLedgerClient>;
  /** The VIBE issuer's public key (the minting feature's account). */
  vibeIssuer: string;
}

/** The simulated client never read this account: unknown, not an error (the page says so). */
const unlessNeverSeen = <T>(promise: Promise<T>): Promise<T | undefined> =>
  promise.catch((err: unknown) => {
    if (neverSeen(err)) return undefined;
    throw err;
  });

export function createStellarAccountService(deps: StellarAccountDeps) {
  const { stellar } = deps;

  async function network(): Promise<StellarNetworkResponse> {
    const r = await stellar.run(async (c, ctx) => ({
      passphrase: c.networkPassphrase,
      server: c.serverAccount,
      details: (await unlessNeverSeen(c.accountDetails(c.serverAccount, ctx))) ?? null,
    }));
    return {
      network: "testnet",
      networkPassphrase: r.passphrase,
      // The protocol's minimum fee per operation; a transaction offering it is accepted outside surge pricing.
      baseFeeStroops: STELLAR_DEFAULT_BASE_FEE_STROOPS,
      baseReserveXlm: r.details?.baseReserveXlm ?? null,
      assets: {
        VIBE: {
          code: "VIBE",
          issuer: deps.vibeIssuer,
          description: "VibeCoin on Stellar, issued by the minting feature's VIBE issuer",
        },
        XQB: {
          code: "XQB",
          issuer: r.server,
          description: "XQB on Stellar, issued by the server account (the bridge delivers it)",
        },
      },
      serverAccount: r.server,
      horizonEndpoint: stellar.status().endpoint,
      friendbotAvailable: r.source === "live",
      source: r.source,
      reason: r.reason,
    };
  }

  async function account(publicKey: string): Promise<StellarAccountResponse> {
    const r = await stellar.run(async (c, ctx) => ({
      details: await unlessNeverSeen(c.accountDetails(publicKey, ctx)),
    }));
    const d = r.details;
    const base = { publicKey, source: r.source, reason: r.reason };
    if (!d) {
      return {
        ...base,
        exists: d === null ? false : null,
        sequence: null,
        balances: [],
        subentryCount: null,
        numSponsoring: null,
        numSponsored: null,
        baseReserveXlm: null,
        minimumBalanceXlm: null,
        observed: d === null ? "horizon" : "none",
        explorerUrl: null,
      };
    }
    return {
      ...base,
      exists: true,
      sequence: d.sequence,
      balances: d.balances.map((b) => ({
        assetType: b.asset_type,
        assetCode: b.asset_code ?? null,
        assetIssuer: b.asset_issuer ?? null,
        balance: b.balance ?? "0",
        limit: b.limit ?? null,
      })),
      subentryCount: d.subentryCount,
      numSponsoring: d.numSponsoring,
      numSponsored: d.numSponsored,
      baseReserveXlm: d.baseReserveXlm,
      minimumBalanceXlm: d.minimumBalanceXlm,
      observed: d.observed,
      explorerUrl: r.source === "live" ? `https://stellar.expert/explorer/testnet/account/${publicKey}` : null,
    };
  }

  async function fund(publicKey: string): Promise<StellarFundResponse> {
    const r = await stellar.run((c, ctx) => c.fund(publicKey, ctx));
    const message =
      r.source === "simulated"
        ? `Not funded: friendbot was not asked because Stellar is simulated (${r.reason ?? "Horizon unreachable"}); nothing was created on the ledger`
        : r.funded
          ? "Friendbot created and funded the account on the Stellar testnet"
          : "The account already exists on the Stellar testnet: friendbot funds new accounts only";
    return {
      publicKey,
      funded: r.funded,
      alreadyExisted: r.alreadyExisted,
      message,
      source: r.source,
      reason: r.reason,
    };
  }

  async function submit(envelopeXdr: string): Promise<StellarSubmitResponse> {
    let source: string;
    try {
      // Checked before any ledger is asked: only an envelope its source signed for the testnet is relayed.
      source = decodeSignedEnvelope(envelopeXdr, Networks.TESTNET).source;
    } catch (err) {
      if (err instanceof EnvelopeError) throw fieldError(err.field, err.message);
      throw err;
    }
    const r = await stellar.run((c, ctx) => c.submitSigned(envelopeXdr, ctx));
    return {
      transactionHash: r.transactionHash,
      sourceAccount: source,
      sequence: r.sequence,
      ledger: r.ledgerIndex,
      explorerUrl: r.source === "live" ? (r.explorerUrl ?? explorerTxUrl(r.transactionHash)) : null,
      assumptions: r.assumptions,
      source: r.source,
      reason: r.reason,
    };
  }

  return { network, account, fund, submit };
}

export type StellarAccountService = ReturnType<typeof createStellarAccountService>;
