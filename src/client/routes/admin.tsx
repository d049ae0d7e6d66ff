import { simpleHead } from '../../lib/client/route-head.ts';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { parseEditSearch } from '../../lib/client/admin/Section.tsx';
import { AdminShell } from '../admin/AdminShell.tsx';
import { Protected, requireUser } from '../layout/ProtectedRoute.tsx';

/** Every /admin route: signed-in users only (beforeLoad), admins only (Protected), inside the dashboard shell. */
export const Route = createFileRoute('/admin')({
  // The dashboard is the browser's business: nothing of it is rendered on the server.
  ssr: false,
  validateSearch: parseEditSearch,
  beforeLoad: requireUser,
  head: simpleHead(['Admin Dashboard'], 'Manage the website.'),
  component: () => (
    <Protected>
      <AdminShell>
        <Outlet />
      </AdminShell>
    </Protected>
  ),
});
