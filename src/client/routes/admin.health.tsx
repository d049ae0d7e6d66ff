import { createFileRoute } from '@tanstack/react-router';
import { HealthAdmin } from '../../features/health/client/admin/HealthAdmin.tsx';

export const Route = createFileRoute('/admin/health')({
  // Today's lines link here with the litter they are about.
  validateSearch: (search: Record<string, unknown>): { litter?: number } => {
    const litter = Number(search.litter);
    return Number.isInteger(litter) && litter > 0 ? { litter } : {};
  },
  component: HealthSection,
});

function HealthSection() {
  const { litter } = Route.useSearch();
  return <HealthAdmin key={litter ?? 0} litterId={litter} />;
}
