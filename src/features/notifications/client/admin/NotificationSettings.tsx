// "Notifications on this device" on the dashboard: the breeder's topics, through the dashboard's service worker.
import { DeviceNotifications } from '../DeviceNotifications.tsx';
import { BREEDER_TOPIC_LABELS } from '../../notifications.schema.ts';

async function dashboardWorker() {
  return (await navigator.serviceWorker.getRegistration('/admin')) ?? null;
}

export function NotificationSettings() {
  return (
    <DeviceNotifications
      labels={BREEDER_TOPIC_LABELS}
      findWorker={dashboardWorker}
      ensureWorker={dashboardWorker}
      unsupported="This browser cannot receive notifications. On an iPhone, add the dashboard to the home screen first."
      noWorker="Notifications need the installed dashboard: reload the page and try again."
    />
  );
}
