/** Query keys of the isolator page: every read is under `qIsolatorKey`, so a write refreshes them all at once (spec §4). */
export const qIsolatorKey = ["q-isolator"] as const;
export const statusKey = [...qIsolatorKey, "status"] as const;
export const filesKey = [...qIsolatorKey, "files"] as const;
export const profilesKey = [...qIsolatorKey, "profiles"] as const;
export const dnsKey = [...qIsolatorKey, "dns"] as const;
export const reportKey = [...qIsolatorKey, "report"] as const;

/**
 * An upload carries up to 25 MB: at 2 Mbit/s (a slow uplink) that is about 100 s, plus sealing and storing on the
 * server (well under a second per MB). 180 s bounds it without cutting off a slow but working upload.
 */
export const UPLOAD_TIMEOUT_MS = 180_000;
/** A download is the decrypted file, up to the same 25 MB coming back: the same bound. */
export const DOWNLOAD_TIMEOUT_MS = 180_000;
/**
 * The threat simulation runs `intensity` real attacks (decapsulations, signature checks, AES-GCM) on every
 * isolation's file; at intensity 100 with many isolations that passes the reads' 15 s.
 */
export const SIMULATION_TIMEOUT_MS = 120_000;
/** Creating an isolation generates two key pairs (ML-KEM, ML-DSA) and stores them: fast, but more than a read. */
export const CREATE_TIMEOUT_MS = 30_000;
/** Authorising re-wraps every file of the agency's isolations (an ML-KEM encapsulation and an ML-DSA signature each). */
export const AUTHORIZE_TIMEOUT_MS = 60_000;
