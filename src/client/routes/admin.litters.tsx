import { createFileRoute } from '@tanstack/react-router';
import { LittersAdmin } from '../../features/dogs/client/admin/LittersAdmin.tsx';

export const Route = createFileRoute('/admin/litters')({ component: LittersAdmin });
