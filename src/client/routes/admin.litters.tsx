import { createFileRoute } from '@tanstack/react-router';
import { LittersAdmin } from '../../features/litters/client/admin/LittersAdmin.tsx';

export const Route = createFileRoute('/admin/litters')({ component: LittersAdmin });
