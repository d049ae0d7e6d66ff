import { createFileRoute } from '@tanstack/react-router';
import { ImportAdmin } from '../../features/imports/client/admin/ImportAdmin.tsx';

export const Route = createFileRoute('/admin/import')({ component: ImportAdmin });
