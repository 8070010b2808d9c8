// Westend Asset Hub runtime metadata, read from the bundled copy (api/data/polkadot/, where SOURCES.md says where
// it comes from): txwrapper needs it to encode calls, and there is no node here. Read once, when the DOT signer
// first loads.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const FILE = fileURLToPath(new URL("../../../data/polkadot/asset-hub-westend-metadata.hex", import.meta.url));

export const westendAssetHubMetadataHex = readFileSync(FILE, "utf8").trim() as `0x${string}`;
