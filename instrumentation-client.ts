import { config } from "zod";

// Zod probes once whether it may compile its parsers with new Function. The page's policy allows
// no eval, so the probe is refused and Chrome logs a CSP error on every page that builds a schema
// (the dashboard's forms). Told here, before any of the app's code runs, it never probes.
config({ jitless: true });
