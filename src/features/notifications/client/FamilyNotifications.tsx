// My Family: a family turns push notifications on for this device (a message from the breeder, a new update about
// their puppy), beside the e-mail switches. The pushes arrive through public/account-sw.js (scope /account), which
// only shows them and opens their link: it caches nothing.
import { DeviceNotifications } from './DeviceNotifications.tsx';
import { FAMILY_TOPIC_LABELS } from '../notifications.schema.ts';

export const FAMILY_WORKER = '/account-sw.js';

async function familyWorker() {
  return (await navigator.serviceWorker.getRegistration('/account')) ?? null;
}

async function registerFamilyWorker() {
  const found = await familyWorker();
  if (found?.active) return found;
  await navigator.serviceWorker.register(FAMILY_WORKER, { scope: '/account' });
  // Subscribing needs an active worker; this page is in its scope, so `ready` is this registration.
  return navigator.serviceWorker.ready;
}

export function FamilyNotifications() {
  return (
    <DeviceNotifications
      labels={FAMILY_TOPIC_LABELS}
      findWorker={familyWorker}
      ensureWorker={registerFamilyWorker}
      unsupported="This browser cannot receive notifications. On an iPhone, add this site to the home screen first."
      noWorker="Notifications could not be set up in this browser: reload the page and try again."
    />
  );
}
