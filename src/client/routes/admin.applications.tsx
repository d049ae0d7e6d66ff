import { createFileRoute } from '@tanstack/react-router';
import { ApplicationsAdmin } from '../../features/applications/client/admin/ApplicationsAdmin.tsx';

export const Route = createFileRoute('/admin/applications')({ component: ApplicationsAdmin });
