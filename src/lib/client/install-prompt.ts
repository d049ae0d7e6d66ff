// The browser's install prompt, kept from the moment the page starts (issue 45, decision 142): Chrome fires
// `beforeinstallprompt` once per page load as soon as the dashboard is installable, often before the dashboard's own
// code has loaded, so the browser entry calls `listenForInstallPrompt` at once. Tiny and free of UI: it is part of
// every page's first script, and fires only where a manifest is linked (the dashboard's pages).
import { useSyncExternalStore } from 'react';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
let installed = false;
let listening = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Starts keeping the browser's install prompt (once per page; the browser entry calls it first thing). */
export function listenForInstallPrompt() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Ours to offer on Today, not the browser's mini-bar over the dashboard.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
  });
}

type Offer = 'prompt' | 'ios' | null;

const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** An iPhone or iPad (an iPad asks for the desktop site: a Mac with a touch screen) in Safari or any iOS browser. */
const isAppleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

function currentOffer(): Offer {
  if (installed || isStandalone()) return null;
  if (deferred) return 'prompt';
  return isAppleMobile() ? 'ios' : null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const standalone = window.matchMedia?.('(display-mode: standalone)');
  standalone?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    standalone?.removeEventListener('change', listener);
  };
}

export function useInstallOffer(): Offer {
  return useSyncExternalStore(subscribe, currentOffer, () => null);
}

/** Shows the browser's own install dialog; a prompt serves once, so the offer goes whatever the answer. */
export async function promptToInstall() {
  const event = deferred;
  if (!event) return;
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice.catch(() => ({ outcome: 'dismissed' as const }));
  if (outcome === 'accepted') installed = true;
  notify();
}
