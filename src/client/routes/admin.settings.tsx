import { createFileRoute } from '@tanstack/react-router';
import { SettingsAdmin } from '../../features/settings/client/admin/SettingsAdmin.tsx';
import { ExportCard } from '../../features/export/client/admin/ExportCard.tsx';

/** The site's settings, then the full export of its records (two features, composed here). */
function SettingsScreen() {
  return (
    <>
      <SettingsAdmin />
      <ExportCard />
    </>
  );
}

export const Route = createFileRoute('/admin/settings')({ component: SettingsScreen });
