// scripts/front-door.mjs has no exports: it wraps http.createServer when imported.
export {};
