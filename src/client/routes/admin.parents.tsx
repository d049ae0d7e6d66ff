import { createFileRoute } from '@tanstack/react-router';
import { ParentsAdmin } from '../../features/dogs/client/admin/ParentsAdmin.tsx';

export const Route = createFileRoute('/admin/parents')({ component: ParentsAdmin });
