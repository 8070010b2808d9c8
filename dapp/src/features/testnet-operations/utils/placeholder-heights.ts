// Each panel's height with the recorded answers (testing/api-responses.json), measured at 390, 800, 1000 and 1280 px:
// a loading panel holds it, so nothing below moves when the answer arrives.
export const PANEL_HEIGHT = {
  networks: { xs: 3480, sm: 1540, md: 1180, lg: 1040 },
  publishers: { xs: 248, sm: 116, md: 88 },
  algorithms: { xs: 320, sm: 180, md: 140 },
  governmentFigures: { xs: 2170, sm: 1280, md: 1140, lg: 910 },
  treasuryHealth: { xs: 336, sm: 236, lg: 216 },
  compliance: { xs: 2400, sm: 1630, md: 1285, lg: 1125 },
} as const;
