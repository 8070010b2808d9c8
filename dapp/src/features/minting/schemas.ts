// The API's zod schemas and limits the minting forms check with before sending (the same rules the API applies).
// Values, so zod comes with them: only the forms import this.
export {
  ethMintRequest,
  MINT_LIMITS,
  stellarMintRequest,
  VIBE_PER_XLM,
  xrpVolumeRequest,
} from "../../../../api/src/features/minting/minting.schemas";
