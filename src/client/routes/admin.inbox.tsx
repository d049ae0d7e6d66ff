import { createFileRoute } from '@tanstack/react-router';
import { InboxAdmin } from '../../features/inquiries/client/admin/InboxAdmin.tsx';

export const Route = createFileRoute('/admin/inbox')({ component: InboxAdmin });
