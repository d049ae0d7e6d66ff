import { simpleHead } from '../../lib/client/route-head.ts';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { parseEditSearch } from '../../lib/client/admin/Section.tsx';
import { AdminShell } from '../admin/AdminShell.tsx';
import { Protected, requireUser } from '../layout/ProtectedRoute.tsx';

/** Every /admin route: signed-in users only (beforeLoad), admins only (Protected), inside the dashboard shell. */
export const Route = createFileRoute('/admin')({
  // For an admin the server renders the dashboard's chrome (its header and section links), so Tab walks real
  // links from the first paint; the section itself is drawn in the browser (AdminShell, decision 126). Anyone
  // else gets the head only (src/server/ssr.ts).
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
