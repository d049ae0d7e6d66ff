import { createFileRoute } from '@tanstack/react-router';
import { SubscribersAdmin } from '../../features/subscribers/client/admin/SubscribersAdmin.tsx';

export const Route = createFileRoute('/admin/subscribers')({ component: SubscribersAdmin });
