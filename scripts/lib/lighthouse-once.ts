// Lighthouse alone against a stack that is already running (`npm start` with your PORT): quick figures
// while tuning, without the bench's own stack. APP_URL (default http://127.0.0.1:$PORT), ROUTES (comma
// list, default the bench's), BENCH_LH_RUNS (default 3).
import { appPortFromEnv } from "./ports";
import { LIGHTHOUSE_ROUTES, lighthouseOn } from "./bench-lighthouse";

const appUrl = process.env.APP_URL ?? `http://127.0.0.1:${appPortFromEnv()}`;
const routes = process.env.ROUTES ? process.env.ROUTES.split(",") : LIGHTHOUSE_ROUTES;
lighthouseOn(appUrl, routes).then(
  (r) => console.log(JSON.stringify(r, null, 2)),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
