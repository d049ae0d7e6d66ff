import { createFileRoute } from '@tanstack/react-router';
import { SettingsAdmin } from '../../features/settings/client/admin/SettingsAdmin.tsx';

export const Route = createFileRoute('/admin/settings')({ component: SettingsAdmin });
