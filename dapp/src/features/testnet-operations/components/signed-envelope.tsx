import { SignedBytes } from "../../../components/signed-bytes";

/** The signed Stellar envelope (base64 XDR) as the API returned it, for anyone to decode with their own tools. */
export function SignedEnvelope({ value }: { value: string }) {
  return (
    <SignedBytes
      value={value}
      encoding="base64"
      format="base64 XDR"
      title="Signed envelope"
      what="signed Stellar envelope"
      testId="signed-envelope"
      maxHeight={96}
    />
  );
}
