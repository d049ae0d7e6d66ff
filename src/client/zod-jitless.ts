// Zod in the browser parses without compiling code: its speed-up probes `new Function`, which the strict CSP
// refuses, and the browser logs every refusal as a violation (Lighthouse's best practices count it). This runs
// before any schema is built (the schemas load after the entry, with the pages and forms that use them).
// Zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object already there, so the
// setting is made without loading Zod into every first view (about 4 KB compressed).
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
