import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '../../features/admin/client/AdminDashboard.tsx';
import { ProtectedRoute } from '../layout/ProtectedRoute.tsx';

export const Route = createFileRoute('/admin')({
  component: AdminRoute,
});

function AdminRoute() {
  return (
    <ProtectedRoute>
      <AdminDashboard />
    </ProtectedRoute>
  );
}
