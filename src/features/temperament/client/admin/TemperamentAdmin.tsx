// The dashboard's Temperament section: the born litters (youngest first) to score one puppy at a time, and the fit
// rules. A litter opens at `?edit=<litter id>` (Today's "tests due" line links there).
import { Button, SegmentedControl, Stack } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { trpc } from '../../../../lib/client/trpc.ts';
import { AdminList } from '../../../../lib/client/admin/AdminList.tsx';
import { AdminScreen, useEditorView } from '../../../../lib/client/admin/Section.tsx';
import { ItemCard, Meta } from '../../../../lib/client/admin/ListParts.tsx';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { formatDay } from '../../../../lib/shared/format.ts';
import { LitterTemperament } from './LitterTemperament.tsx';
import { FitRulesAdmin } from './FitRulesAdmin.tsx';

const litterTitle = (name: string) => (/litter$/i.test(name.trim()) ? name.trim() : `${name.trim()} litter`);

function Litters() {
  const { close } = useEditorView();
  return (
    <AdminScreen
      list={
        <AdminList
          noun={['litter', 'litters']}
          title="Temperament"
          listLabel="Litters to test"
          queryOptions={(input) => trpc.admin.temperament.litters.queryOptions(input)}
          search={{ label: 'Search litters', placeholder: 'Litter name' }}
          empty="No litters born yet: a litter appears here once its birth date is set."
          renderItem={(l, row) => (
            <ItemCard
              title={litterTitle(l.name)}
              badges={
                <>
                  <ToneBadge tone={l.puppies > 0 && l.tested === l.puppies ? 'green' : 'yellow'}>
                    {l.tested} of {l.puppies} tested
                  </ToneBadge>
                  {l.showToFamilies && <ToneBadge tone="blue">Shown to families</ToneBadge>}
                </>
              }
              actions={
                <Button size="xs" onClick={row.edit} aria-label={`Score the puppies of the ${litterTitle(l.name)}`}>
                  Score
                </Button>
              }
            >
              <Meta>Born {l.birthDate ? formatDay(l.birthDate) : 'not yet'}</Meta>
            </ItemCard>
          )}
        />
      }
      editor={(target) => (typeof target === 'number' ? <LitterTemperament litterId={target} onBack={close} /> : null)}
    />
  );
}

export function TemperamentAdmin() {
  const navigate = useNavigate();
  const { view } = useSearch({ strict: false }) as { view?: string };
  const current = view === 'rules' ? 'rules' : 'litters';
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Temperament view"
        value={current}
        onChange={(v) => void navigate({ to: '.', search: v === 'rules' ? { view: 'rules' } : {} })}
        data={[
          { value: 'litters', label: 'Litters' },
          { value: 'rules', label: 'Fit rules' },
        ]}
        w="fit-content"
      />
      {current === 'rules' ? <FitRulesAdmin /> : <Litters />}
    </Stack>
  );
}
