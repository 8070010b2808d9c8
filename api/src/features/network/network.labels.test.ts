import { mnemonicToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { addressLabels, HARDHAT_DEV_ACCOUNTS, HARDHAT_MNEMONIC, safeLabel } from "./network.labels";

describe("address labels", () => {
  it("lists exactly the accounts hardhat node derives from its well-known mnemonic", () => {
    const derived = HARDHAT_DEV_ACCOUNTS.map(
      (_, i) => mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: i }).address,
    );
    expect(HARDHAT_DEV_ACCOUNTS).toEqual(derived);
    expect(HARDHAT_DEV_ACCOUNTS).toHaveLength(20);
  });

  it("checksums what it is given and labels dev accounts only on 31337", () => {
    const signer = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
    const local = addressLabels({ chainId: 31337, serverSigner: signer, contracts: null, safePolicy: null });
    expect(local[0]).toEqual({
      address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      label: "Server signer",
      kind: "server-signer",
    });
    expect(local.filter((l) => l.address === "0x70997970C51812dc3A010C7d01b50e0d17dc79C8").map((l) => l.label)).toEqual(
      ["Server signer", "Hardhat dev account #1, local use only"],
    );
    expect(addressLabels({ chainId: 11155111, serverSigner: signer, contracts: null, safePolicy: null })).toHaveLength(
      1,
    );
  });

  it("says the Safe's policy only when it was read", () => {
    expect(safeLabel({ threshold: 2, owners: 3 })).toBe("Treasury Safe (2-of-3)");
    expect(safeLabel(null)).toBe("Treasury Safe");
  });
});
