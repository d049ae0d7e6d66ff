import { createFileRoute } from '@tanstack/react-router';
import { TemperamentAdmin } from '../../features/temperament/client/admin/TemperamentAdmin.tsx';
import { parseEditSearch, type EditorTarget } from '../../lib/client/admin/Section.tsx';

export const Route = createFileRoute('/admin/temperament')({
  // ?edit=<litter> opens a litter (Today's "tests due" links there), ?puppy=<id> its puppy, ?tab=fit its fit board;
  // ?view=rules the fit rules (whose own ?edit=<rule> opens a rule).
  validateSearch: (search: Record<string, unknown>): { edit?: EditorTarget; puppy?: number; tab?: 'fit'; view?: 'rules' } => {
    const puppy = Number(search.puppy);
    return {
      ...parseEditSearch(search),
      ...(Number.isInteger(puppy) && puppy > 0 ? { puppy } : {}),
      ...(search.tab === 'fit' ? { tab: 'fit' as const } : {}),
      ...(search.view === 'rules' ? { view: 'rules' as const } : {}),
    };
  },
  component: TemperamentAdmin,
});
