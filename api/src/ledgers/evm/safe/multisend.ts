// Safe's MultiSendCallOnly batch format: each transaction packed as operation (uint8, always 0 = Call here:
// the CallOnly contract refuses delegate calls) | to (20 bytes) | value (uint256) | data length (uint256) |
// data, all concatenated and passed as `multiSend(bytes)`. The Safe runs it with operation DelegateCall, so
// every inner call is made by the Safe itself, and the batch reverts whole if one call does.
import {
  concatHex,
  encodeFunctionData,
  encodePacked,
  getAddress,
  hexToBigInt,
  parseAbi,
  size,
  sliceHex,
  type Address,
  type Hex,
} from "viem";

export interface SafeCall {
  to: Address;
  value?: bigint;
  data: Hex;
}

export const multiSendAbi = parseAbi(["function multiSend(bytes transactions) payable"]);

/** The packed `transactions` bytes of a batch. */
export function packMultiSend(calls: readonly SafeCall[]): Hex {
  if (calls.length === 0) throw new RangeError("multisend: a batch needs at least one call");
  return concatHex(
    calls.map((c) =>
      encodePacked(
        ["uint8", "address", "uint256", "uint256", "bytes"],
        [0, getAddress(c.to), c.value ?? 0n, BigInt(size(c.data)), c.data],
      ),
    ),
  );
}

/** Calldata of MultiSendCallOnly.multiSend for the batch. */
export function encodeMultiSend(calls: readonly SafeCall[]): Hex {
  return encodeFunctionData({ abi: multiSendAbi, functionName: "multiSend", args: [packMultiSend(calls)] });
}

/** The calls back out of packed `transactions` bytes (a stored proposal shows what it will do). */
export function unpackMultiSend(packed: Hex): SafeCall[] {
  const calls: SafeCall[] = [];
  let at = 0;
  const total = size(packed);
  while (at < total) {
    const to = getAddress(sliceHex(packed, at + 1, at + 21));
    const value = hexToBigInt(sliceHex(packed, at + 21, at + 53));
    const length = Number(hexToBigInt(sliceHex(packed, at + 53, at + 85)));
    const data = length === 0 ? "0x" : sliceHex(packed, at + 85, at + 85 + length);
    calls.push({ to, value, data });
    at += 85 + length;
  }
  return calls;
}
