import { createFileRoute } from '@tanstack/react-router';
import { Stack } from '@mantine/core';
import { TodayAdmin } from '../../features/today/client/admin/TodayAdmin.tsx';
import { NotificationSettings } from '../../features/notifications/client/admin/NotificationSettings.tsx';
import { OfflineQueue } from '../../lib/client/admin/OfflineQueue.tsx';

/** The dashboard's first screen: Today, what this phone has not sent yet, and this device's notifications. */
function TodayScreen() {
  return (
    <Stack gap="lg">
      <TodayAdmin />
      <OfflineQueue />
      <NotificationSettings />
    </Stack>
  );
}

export const Route = createFileRoute('/admin/')({ component: TodayScreen });
