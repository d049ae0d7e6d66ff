import { createFileRoute } from '@tanstack/react-router';
import { SiteHealthAdmin } from '../../features/site-health/client/admin/SiteHealthAdmin.tsx';

export const Route = createFileRoute('/admin/site-health')({ component: SiteHealthAdmin });
