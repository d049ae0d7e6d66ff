import { createFileRoute } from '@tanstack/react-router';
import { VisitsAdmin } from '../../features/visits/client/admin/VisitsAdmin.tsx';

export const Route = createFileRoute('/admin/visits')({ component: VisitsAdmin });
