// Zod in the browser parses without compiling code: its speed-up probes `new Function`, which the strict CSP
// refuses, and the browser logs every refusal as a violation (Lighthouse's best practices count it). This runs
// before any schema is built (the schemas load after the entry, with the pages and forms that use them).
import { config } from 'zod/v4/core';

config({ jitless: true });
