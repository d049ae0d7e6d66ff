import { createFileRoute } from '@tanstack/react-router';
import { UsersAdmin } from '../../features/auth/client/admin/UsersAdmin.tsx';

export const Route = createFileRoute('/admin/users')({ component: UsersAdmin });
