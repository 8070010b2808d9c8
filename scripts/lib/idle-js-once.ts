// JS until idle alone against a stack that is already running (`npm start` with your PORT and CHAIN_PORT):
// quick figures while tuning, without the bench's own stack. ROUTES: a comma list (default every built page);
// DIST: the build that stack serves (its DAPP_DIST; default dapp/dist).
import { appPortFromEnv, chainPortFromEnv } from "./ports";
import { idleJsOn } from "./bench-idle-js";

const routes = process.env.ROUTES ? process.env.ROUTES.split(",") : undefined;
idleJsOn(
  `http://127.0.0.1:${appPortFromEnv()}`,
  `http://127.0.0.1:${chainPortFromEnv()}`,
  routes,
  process.env.DIST,
).then(
  (r) => console.log(JSON.stringify(r)),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
