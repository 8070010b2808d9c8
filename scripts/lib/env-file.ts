import path from "node:path";
import { existsSync } from "node:fs";

/** Loads `.env` from the repository root into process.env, if there is one; set variables win. */
export function loadEnvFile(): void {
  const file = path.resolve(__dirname, "../../.env");
  if (existsSync(file)) process.loadEnvFile(file);
}
