import { createFileRoute } from '@tanstack/react-router';
import { Overview } from '../admin/Overview.tsx';

export const Route = createFileRoute('/admin/')({ component: Overview });
