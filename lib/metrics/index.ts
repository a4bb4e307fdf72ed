/** Prometheus metrics: the counters the app keeps, and the scrape endpoint's text. */
export { authoriseScrape, metricsText } from "./exposition";
export { countJob, metrics, observeRequest } from "./registry";
