// Which Chromium the journeys run in (decision 138). Chromium's headless shell where the machine has it (.ci/run installs
// it): the same engine, renderer and DevTools protocol without the desktop browser's layers, so a page costs about a
// third less CPU on the 2-core machine. The journeys about the desktop browser's own services (Background Sync, push
// messages, Chrome's installability check), which the shell does not have, launch the full browser.
import { existsSync } from 'node:fs';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_BROWSER = process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium';

/** Every journey's browser: CHROMIUM_PATH, else the headless shell, else the full browser. */
export const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER),
  args: ARGS,
};

/** The full browser (CHROMIUM_FULL_PATH, else /usr/bin/chromium), for a journey about one of its own services. */
export const fullBrowserLaunchOptions = { executablePath: FULL_BROWSER, args: ARGS };
