import type { Address } from "viem";
import type { StakingPoolName } from "../api/contract";
import { usePreview } from "../api/get-preview";

type Props = { token: StakingPoolName; ethAmount: string; wallet: Address | undefined };

/** Live in the dialog's preview: the exact shares previewDeposit mints now (same query as the form's). */
export function PreviewShares({ token, ethAmount, wallet }: Props) {
  const preview = usePreview({ protocol: token, ethAmount, wallet });
  if (preview.isError) return <>unknown ({preview.error.message})</>;
  if (!preview.data || preview.data.ethAmount !== ethAmount) return <>reading previewDeposit…</>;
  return (
    <>
      {preview.data.shares} {token} (previewDeposit, block {preview.data.asOfBlock})
    </>
  );
}

/** Live in the dialog's preview: the node's gas estimate for depositEth from the wallet, or why it would fail. */
export function PreviewGas({ token, ethAmount, wallet }: Props) {
  const preview = usePreview({ protocol: token, ethAmount, wallet });
  const dry = preview.data?.ethAmount === ethAmount ? preview.data.dryRun : undefined;
  if (preview.isError) return <>unknown ({preview.error.message})</>;
  if (dry === undefined) return <>estimating…</>;
  if (dry === null) return <>—</>;
  return dry.ok ? <>{Number(dry.gas).toLocaleString("en-US")} gas</> : <>would fail: {dry.failure}</>;
}
