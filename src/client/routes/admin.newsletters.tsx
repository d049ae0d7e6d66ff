import { createFileRoute } from '@tanstack/react-router';
import { NewslettersAdmin } from '../../features/subscribers/client/admin/NewslettersAdmin.tsx';

export const Route = createFileRoute('/admin/newsletters')({ component: NewslettersAdmin });
