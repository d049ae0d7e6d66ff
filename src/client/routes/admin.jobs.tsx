import { createFileRoute } from '@tanstack/react-router';
import { JobsAdmin } from '../../features/jobs/client/admin/JobsAdmin.tsx';

export const Route = createFileRoute('/admin/jobs')({ component: JobsAdmin });
