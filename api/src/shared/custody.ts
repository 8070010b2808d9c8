// The install key: every secret key the server holds for good (the isolator's custodian ML-KEM and ML-DSA keys,
// the agencies' ML-KEM keys, the coins' testnet keys) is stored only sealed under it, with AES-256-GCM and the
// row it belongs to as associated data (a sealed key copied to another row does not open). It comes from
// Q_ISOLATOR_KEY, or is generated at the first start into `<dir>/install.key` (mode 0600) and read from there
// afterwards; in memory for tests. The key is never logged, returned or put in an error message.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const SEALED_PREFIX = "xqpq-sealed-v1";
const KEY_FILE = "install.key";

export interface Custody {
  /** Where the key came from: "env", "install-file" or "memory". */
  readonly source: "env" | "install-file" | "memory";
  seal(secret: Uint8Array, boundTo: string): string;
  /** Throws when the text was not sealed by this install for `boundTo` (tampered, moved, another install's). */
  unseal(sealed: string, boundTo: string): Uint8Array;
}

export function custodyFromKey(key: Buffer, source: Custody["source"]): Custody {
  if (key.length !== 32) throw new Error("the install key must be 32 bytes");
  return {
    source,
    seal(secret, boundTo) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(Buffer.from(`${SEALED_PREFIX} ${boundTo}`));
      const body = Buffer.concat([cipher.update(secret), cipher.final(), cipher.getAuthTag()]);
      return `${SEALED_PREFIX}.${nonce.toString("base64")}.${body.toString("base64")}`;
    },
    unseal(sealed, boundTo) {
      const [prefix, nonceText, bodyText] = sealed.split(".");
      if (prefix !== SEALED_PREFIX || !nonceText || !bodyText)
        throw new Error(`a sealed key for ${boundTo} is not in the ${SEALED_PREFIX} format`);
      const body = Buffer.from(bodyText, "base64");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonceText, "base64"));
      decipher.setAAD(Buffer.from(`${SEALED_PREFIX} ${boundTo}`));
      decipher.setAuthTag(body.subarray(body.length - 16));
      try {
        return new Uint8Array(Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]));
      } catch {
        throw new Error(
          `the sealed key for ${boundTo} does not open with this install's key (another install's data, or tampered)`,
        );
      }
    },
  };
}

/** The install's custody: the environment's key, else the install file (created on first use), else memory. */
export async function openCustody(options: { dir: string; installKey: string | null }): Promise<Custody> {
  if (options.installKey) return custodyFromKey(Buffer.from(options.installKey, "hex"), "env");
  if (options.dir === "memory://") return custodyFromKey(randomBytes(32), "memory");
  const file = path.join(options.dir, KEY_FILE);
  try {
    const text = (await readFile(file, "utf8")).trim();
    if (!/^[0-9a-f]{64}$/.test(text)) throw new Error(`${file} does not hold a 64-hex-character key`);
    return custodyFromKey(Buffer.from(text, "hex"), "install-file");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  await mkdir(options.dir, { recursive: true });
  const key = randomBytes(32);
  try {
    // "wx": two processes starting at once cannot both write one; the loser reads the winner's.
    await writeFile(file, `${key.toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return openCustody(options);
    throw err;
  }
  return custodyFromKey(key, "install-file");
}
