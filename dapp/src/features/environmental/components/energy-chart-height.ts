/** The chart's height, known to the page before the chart's code loads (its placeholder keeps it). */
export const ENERGY_CHART_HEIGHT = 240;
