import { createFileRoute } from '@tanstack/react-router';
import { Stack } from '@mantine/core';
import { TodayAdmin } from '../../features/today/client/admin/TodayAdmin.tsx';
import { NotificationSettings } from '../../features/notifications/client/admin/NotificationSettings.tsx';

/** The dashboard's first screen: Today, and this device's notifications below it. */
function TodayScreen() {
  return (
    <Stack gap="lg">
      <TodayAdmin />
      <NotificationSettings />
    </Stack>
  );
}

export const Route = createFileRoute('/admin/')({ component: TodayScreen });
