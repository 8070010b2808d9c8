// The minting feature's endpoints, declared once for the API (minting.routes.ts mounts them) and the dapp
// (features/minting/api/ calls them). Plain data at run time: the schemas are linked by type only (http/endpoint.ts).
import { endpoint } from "../../http/endpoint";
import type {
  ethMintRequest,
  historyQuery,
  mintHistoryResponse,
  mintingRatesResponse,
  ethMintRecord,
  stellarMintRecord,
  xrpVolumeRecord,
  stellarMintRequest,
  walletMintRequest,
  xrpVolumeRequest,
} from "./minting.schemas";

const LEDGER_ERRORS = ["LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"] as const;

export const mintingContract = {
  rates: endpoint<{ response: typeof mintingRatesResponse }>()({
    method: "get",
    path: "/api/minting/rates",
    access: "visitor",
    feature: "minting",
    summary:
      "XQBMinter's rules read from the chain now (XQB per ETH, XQBUSD per ETH, minimum), the VIBE rate, the accepted amounts",
  }),
  mintXqb: endpoint<{ body: typeof ethMintRequest; response: typeof ethMintRecord }>()({
    method: "post",
    path: "/api/xqbme/mint-xqb",
    access: "visitor",
    feature: "minting",
    summary: "Mint XQB and XQBUSD for ETH, signed by the server account (XQBMinter.mint)",
    errors: LEDGER_ERRORS,
    write: true,
  }),
  recordWalletMint: endpoint<{ body: typeof walletMintRequest; response: typeof ethMintRecord }>()({
    method: "post",
    path: "/api/xqbme/wallet-mint",
    access: "visitor",
    feature: "minting",
    summary: "Record a mint the browser wallet sent: 201 when recorded now, 200 when it already was",
    statuses: [201],
    errors: LEDGER_ERRORS,
    write: true,
  }),
  mintStellar: endpoint<{ body: typeof stellarMintRequest; response: typeof stellarMintRecord }>()({
    method: "post",
    path: "/api/vibecoins/mint-stellar",
    access: "visitor",
    feature: "minting",
    summary: "Mint VIBE on Stellar against XLM (one atomic transaction)",
    errors: LEDGER_ERRORS,
    write: true,
  }),
  xrpVolumeTest: endpoint<{ body: typeof xrpVolumeRequest; response: typeof xrpVolumeRecord }>()({
    method: "post",
    path: "/api/quantum-cross-chain/xrp-volume-test",
    access: "visitor",
    feature: "minting",
    summary: "Send an XRP payment as a volume test",
    errors: LEDGER_ERRORS,
    write: true,
  }),
  history: endpoint<{ query: typeof historyQuery; response: typeof mintHistoryResponse }>()({
    method: "get",
    path: "/api/minting/history",
    access: "visitor",
    feature: "minting",
    summary: "Stored mints, newest first",
    errors: ["INVALID_INPUT"],
  }),
};
