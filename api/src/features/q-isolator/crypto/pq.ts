// The product's one code path to the NIST algorithms (FIPS 203 ML-KEM, FIPS 204 ML-DSA), by security level.
// Everything else in the envelope goes through these functions, and so do the ACVP known-answer tests: a KAT
// that passes here is a KAT of what the product runs.
import { createHash } from "node:crypto";
import { ml_kem512, ml_kem768, ml_kem1024 } from "@noble/post-quantum/ml-kem.js";
import { ml_dsa44, ml_dsa65, ml_dsa87 } from "@noble/post-quantum/ml-dsa.js";
import { LEVEL_ALGORITHMS, SECURITY_LEVELS, type SecurityLevel } from "../q-isolator.constants";

const KEM = { COMMERCIAL: ml_kem512, ENTERPRISE: ml_kem768, GOVERNMENT: ml_kem1024 } as const;
const LEVEL_NAMES = Object.fromEntries(SECURITY_LEVELS.map((l) => [l, LEVEL_ALGORITHMS[l].kem])) as Record<
  SecurityLevel,
  string
>;
const DSA = { COMMERCIAL: ml_dsa44, ENTERPRISE: ml_dsa65, GOVERNMENT: ml_dsa87 } as const;

/** ML-KEM.KeyGen; `seed64` = d || z (FIPS 203 §7.1), random when absent. */
export function kemKeygen(
  level: SecurityLevel,
  seed64?: Uint8Array,
): { encapsulationKey: Uint8Array; decapsulationKey: Uint8Array } {
  const { publicKey, secretKey } = KEM[level].keygen(seed64);
  return { encapsulationKey: publicKey, decapsulationKey: secretKey };
}

/** ML-KEM.Encaps; `m32` fixes the encapsulation randomness (KATs only), random when absent. */
export function kemEncapsulate(
  level: SecurityLevel,
  ek: Uint8Array,
  m32?: Uint8Array,
): { kemCiphertext: Uint8Array; sharedSecret: Uint8Array } {
  const { cipherText, sharedSecret } = KEM[level].encapsulate(ek, m32);
  return { kemCiphertext: cipherText, sharedSecret };
}

/**
 * ML-KEM.Decaps. A well-formed but wrong ciphertext gives a pseudo-random secret (implicit rejection), never an
 * error; a ciphertext or key of the wrong length throws.
 */
export function kemDecapsulate(level: SecurityLevel, kemCiphertext: Uint8Array, dk: Uint8Array): Uint8Array {
  return KEM[level].decapsulate(kemCiphertext, dk);
}

/** The encapsulation key embedded in a FIPS 203 decapsulation key (dk = dk_PKE || ek || H(ek) || z). */
export function kemPublicKeyOf(level: SecurityLevel, dk: Uint8Array): Uint8Array {
  return KEM[level].getPublicKey(dk);
}

/** ML-DSA.KeyGen from the 32-byte seed ξ, random when absent. */
export function dsaKeygen(
  level: SecurityLevel,
  seed32?: Uint8Array,
): { verificationKey: Uint8Array; signingKey: Uint8Array } {
  const { publicKey, secretKey } = DSA[level].keygen(seed32);
  return { verificationKey: publicKey, signingKey: secretKey };
}

export interface DsaSignOptions {
  /** FIPS 204 context string (at most 255 bytes); empty when absent. */
  context?: Uint8Array;
  /** The 32-byte `rnd` (hedged signing, KATs); `false` = deterministic (rnd = 0^32); fresh random when absent. */
  random?: Uint8Array | false;
  /** ML-DSA.Sign_internal over M' as given (ACVP "internal" interface cases only; context is ignored). */
  internal?: boolean;
}

/** ML-DSA.Sign (pure, FIPS 204 §5.2) of `message` with `context`. */
export function dsaSign(
  level: SecurityLevel,
  signingKey: Uint8Array,
  message: Uint8Array,
  opts: DsaSignOptions = {},
): Uint8Array {
  const extraEntropy = opts.random;
  if (opts.internal)
    return DSA[level].internal.sign(message, signingKey, extraEntropy === undefined ? {} : { extraEntropy });
  return DSA[level].sign(message, signingKey, {
    context: opts.context ?? new Uint8Array(0),
    ...(extraEntropy === undefined ? {} : { extraEntropy }),
  });
}

/** ML-DSA.Verify; false (never an exception) for a signature, key or context that does not fit. */
export function dsaVerify(
  level: SecurityLevel,
  verificationKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
  opts: { context?: Uint8Array; internal?: boolean } = {},
): boolean {
  try {
    if (opts.internal) return DSA[level].internal.verify(signature, message, verificationKey);
    return DSA[level].verify(signature, message, verificationKey, { context: opts.context ?? new Uint8Array(0) });
  } catch {
    return false;
  }
}

export interface AlgorithmSizes {
  encapsulationKey: number;
  decapsulationKey: number;
  kemCiphertext: number;
  sharedSecret: number;
  verificationKey: number;
  signingKey: number;
  signature: number;
}

/** Byte sizes per level, as the library states them (FIPS 203 Table 3, FIPS 204 Table 2). */
export const ALGORITHM_SIZES = Object.fromEntries(
  SECURITY_LEVELS.map((level) => {
    const kem = KEM[level].lengths;
    const dsa = DSA[level].lengths;
    const sizes: AlgorithmSizes = {
      encapsulationKey: kem.publicKey!,
      decapsulationKey: kem.secretKey!,
      kemCiphertext: kem.cipherText!,
      sharedSecret: 32,
      verificationKey: dsa.publicKey!,
      signingKey: dsa.secretKey!,
      signature: dsa.signature!,
    };
    return [level, sizes];
  }),
) as Record<SecurityLevel, AlgorithmSizes>;

/**
 * Why `ek` is not a usable encapsulation key at `level` (wrong length, or coefficients not reduced mod q: the
 * FIPS 203 §7.2 input check), or null when it is. For refusing a bad agency key with a 400 before sealing.
 */
export function checkEncapsulationKey(level: SecurityLevel, ek: Uint8Array): string | null {
  const want = KEM[level].lengths.publicKey!;
  if (ek.length !== want) return `an ${LEVEL_NAMES[level]} encapsulation key is ${want} bytes, got ${ek.length}`;
  try {
    KEM[level].encapsulate(ek);
    return null;
  } catch {
    return `not a valid ${LEVEL_NAMES[level]} encapsulation key (FIPS 203 modulus check failed)`;
  }
}

/**
 * Why `dk` is not a usable decapsulation key at `level` (wrong length, or the FIPS 203 §7.3 hash check: the
 * H(ek) it carries is not SHA3-256 of the ek it embeds), or null when it is.
 */
export function checkDecapsulationKey(level: SecurityLevel, dk: Uint8Array): string | null {
  const want = KEM[level].lengths.secretKey!;
  if (dk.length !== want) return `an ${LEVEL_NAMES[level]} decapsulation key is ${want} bytes, got ${dk.length}`;
  // dk = dk_PKE (384k) || ek (384k + 32) || H(ek) (32) || z (32)
  const ekLength = KEM[level].lengths.publicKey!;
  const ekStart = want - 64 - ekLength;
  const ek = dk.subarray(ekStart, ekStart + ekLength);
  const h = createHash("sha3-256").update(ek).digest();
  if (!h.equals(dk.subarray(ekStart + ekLength, ekStart + ekLength + 32)))
    return `not a valid ${LEVEL_NAMES[level]} decapsulation key (FIPS 203 hash check failed)`;
  return checkEncapsulationKey(level, ek);
}
