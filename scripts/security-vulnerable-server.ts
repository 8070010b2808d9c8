// The deliberately vulnerable server of the security suite's tests (api/src/features/security/testing/
// vulnerable-server.ts), started by hand to see the suite find every planted flaw from the command line:
//   npm run security:vulnerable-server            (every flaw; or name some: -- reflected-xss sql-error-leak)
//   npm run security:scan -- --target <the URL it prints> --chain-url <its chain URL> --records-url <its row counts>
// It listens on 127.0.0.1 only, on a free port, until Ctrl-C.
import {
  PLANTED_FLAWS,
  startVulnerableServer,
  type PlantedFlaw,
} from "../api/src/features/security/testing/vulnerable-server";

async function main() {
  const named = process.argv.slice(2);
  const unknown = named.filter((f) => !(f in PLANTED_FLAWS));
  if (unknown.length > 0) {
    console.error(`unknown flaw(s): ${unknown.join(", ")}; known: ${Object.keys(PLANTED_FLAWS).join(", ")}`);
    process.exit(2);
  }
  const flaws = named.length > 0 ? (named as PlantedFlaw[]) : "all";
  const server = await startVulnerableServer(flaws);
  console.log(
    `vulnerable server (flaws: ${flaws === "all" ? "all " + Object.keys(PLANTED_FLAWS).length : flaws.join(", ")}) at ${server.baseUrl}, fake chain at ${server.chainRpcUrl}`,
  );
  console.log(
    `scan it: npm run security:scan -- --target ${server.baseUrl} --chain-url ${server.chainRpcUrl} --records-url ${server.recordsUrl}`,
  );
  const stop = () => void server.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

void main();
