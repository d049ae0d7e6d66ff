import { createFileRoute } from '@tanstack/react-router';
import { WaitlistAdmin } from '../../features/applications/client/admin/WaitlistAdmin.tsx';

export const Route = createFileRoute('/admin/waitlist')({ component: WaitlistAdmin });
