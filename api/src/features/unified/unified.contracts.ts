// The deploy map's contracts on a chain (contracts/generated/), as the health check reads them: the ones the deploy
// wrote, not the external ones it only points at (the EVM client's probe leaves those out too).
import type { Address } from "viem";
import { contractsOn } from "../../ledgers/evm/contracts";

export function deployedContracts(chainId: number): { name: string; address: Address }[] | null {
  const map = contractsOn(chainId);
  if (!map) return null;
  return Object.entries(map)
    .filter(([, c]) => c && !(c as { external?: boolean }).external)
    .map(([name, c]) => ({ name, address: c!.address }));
}
