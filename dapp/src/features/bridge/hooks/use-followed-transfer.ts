import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";

/**
 * The transfer the page follows lives in the URL (`?transfer=7` for a lock, `?transfer=xrpl-<hash>` for a
 * way-back payment), so a reload or a shared link follows the same one.
 */
export function useFollowedTransfer(): [string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const id = params.get("transfer");
  const follow = useCallback(
    (next: string | null) =>
      setParams((old) => {
        const p = new URLSearchParams(old);
        if (next) p.set("transfer", next);
        else p.delete("transfer");
        return p;
      }),
    [setParams],
  );
  return [id && /^[\w-]{1,80}$/.test(id) ? id : null, follow];
}
