// The generated deploy map, as the EVM client reads it: which contract sits where on which chain. A
// contract is "not deployed" per chain and per name, never guessed.
import type { Abi, Address } from "viem";
import { deployments } from "../../../../contracts/generated/deployments";

/** Every contract the deploy writes; the local map has them all, so its names are the names. */
export type DeployMap = (typeof deployments)[31337];
export type ContractName = keyof DeployMap;
export type AbiOf<N extends ContractName> = DeployMap[N]["abi"];

export interface DeployedContract {
  address: Address;
  abi: Abi;
  deployedOnBlock: number;
}

export function contractsOn(chainId: number): Partial<Record<ContractName, DeployedContract>> | null {
  return (deployments as Record<number, Partial<Record<ContractName, DeployedContract>>>)[chainId] ?? null;
}

/** The ABI of a contract by name (the same on every chain; the local map always has it). */
export function abiOf<N extends ContractName>(name: N): AbiOf<N> {
  return deployments[31337][name].abi as AbiOf<N>;
}
