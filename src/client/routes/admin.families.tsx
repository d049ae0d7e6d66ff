import { createFileRoute } from '@tanstack/react-router';
import { PortalAdmin } from '../../features/portal/client/admin/PortalAdmin.tsx';

export const Route = createFileRoute('/admin/families')({ component: PortalAdmin });
