import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PicksAdmin } from '../../features/picks/client/admin/PicksAdmin.tsx';

export const Route = createFileRoute('/admin/picks')({
  // Today's lines link here with the litter they are about.
  validateSearch: (search: Record<string, unknown>): { litter?: number } => {
    const litter = Number(search.litter);
    return Number.isInteger(litter) && litter > 0 ? { litter } : {};
  },
  component: PicksSection,
});

function PicksSection() {
  const { litter } = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/picks' });
  return <PicksAdmin litterId={litter} onSelect={(id) => void navigate({ search: { litter: id } })} />;
}
