import { createFileRoute } from '@tanstack/react-router';
import { PaymentsAdmin } from '../../features/payments/client/admin/PaymentsAdmin.tsx';

export const Route = createFileRoute('/admin/payments')({ component: PaymentsAdmin });
