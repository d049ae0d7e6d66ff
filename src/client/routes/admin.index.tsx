import { createFileRoute } from '@tanstack/react-router';
import { TodayAdmin } from '../../features/today/client/admin/TodayAdmin.tsx';

export const Route = createFileRoute('/admin/')({ component: TodayAdmin });
