import { createFileRoute } from '@tanstack/react-router';
import { PuppiesAdmin } from '../../features/puppies/client/admin/PuppiesAdmin.tsx';

export const Route = createFileRoute('/admin/puppies')({ component: PuppiesAdmin });
