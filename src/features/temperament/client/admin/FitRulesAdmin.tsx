// The fit rules, in plain words: each a condition on a family's answer, a condition on one test's score, and the
// sentence families and the breeder read. Listed, searched and paged on the server; added, edited and deleted here.
import { MultiSelect, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { AdminList } from '../../../../lib/client/admin/AdminList.tsx';
import { AdminEditor } from '../../../../lib/client/admin/AdminForm.tsx';
import { AdminScreen } from '../../../../lib/client/admin/Section.tsx';
import { ItemCard, Meta } from '../../../../lib/client/admin/ListParts.tsx';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import {
  FAMILY_FACTS,
  FAMILY_FACT_KEYS,
  FIT_OUTCOMES,
  FitRuleInputSchema,
  TEMPERAMENT_TESTS,
  TEST_LABELS,
  ruleSummary,
  type FamilyFact,
  type FitRuleDto,
  type FitRuleInput,
} from '../../temperament.schema.ts';

interface RuleValues extends Record<string, unknown> {
  fact: string;
  factValues: string[];
  test: string;
  scoreMin: string;
  scoreMax: string;
  outcome: string;
  sentence: string;
}

const SCORES = ['1', '2', '3', '4', '5', '6'];
const toInput = (v: RuleValues) => ({ ...v, scoreMin: Number(v.scoreMin), scoreMax: Number(v.scoreMax) });

function RuleEditor({ target }: { target: 'new' | number }) {
  return (
    <AdminEditor
      target={target}
      noun={['fit rule', 'fit rules']}
      nameOf={() => 'The rule'}
      newTitle="New fit rule"
      editTitle={() => 'Edit fit rule'}
      load={(id) => trpc.admin.temperament.rule.queryOptions({ id })}
      schema={FitRuleInputSchema}
      toInput={toInput}
      initialValues={(r?: FitRuleDto): RuleValues => ({
        fact: r?.fact ?? 'youngestChild',
        factValues: r?.factValues ?? [],
        test: r?.test ?? 'socialDominance',
        scoreMin: String(r?.scoreMin ?? 1),
        scoreMax: String(r?.scoreMax ?? 2),
        outcome: r?.outcome ?? 'unsuited',
        sentence: r?.sentence ?? '',
      })}
      create={(input: FitRuleInput) => trpcClient.admin.temperament.createRule.mutate(input)}
      update={(id, rule) => trpcClient.admin.temperament.updateRule.mutate({ id, rule })}
      fields={(form) => {
        const fact = FAMILY_FACTS[form.values.fact as FamilyFact] ?? FAMILY_FACTS.youngestChild;
        return (
          <Stack gap="sm">
            <Select
              label="When the family’s answer to"
              data={FAMILY_FACT_KEYS.map((k) => ({ value: k, label: FAMILY_FACTS[k].label }))}
              allowDeselect={false}
              {...form.getInputProps('fact')}
              onChange={(v) => {
                form.setFieldValue('fact', v ?? 'youngestChild');
                form.setFieldValue('factValues', []);
              }}
            />
            <MultiSelect
              label="is"
              description="Any of these."
              data={Object.entries(fact.values).map(([value, label]) => ({ value, label }))}
              {...form.getInputProps('factValues')}
            />
            <Select
              label="and the puppy’s score on"
              data={TEMPERAMENT_TESTS.map((t) => ({ value: t, label: TEST_LABELS[t] }))}
              allowDeselect={false}
              {...form.getInputProps('test')}
            />
            <SimpleGrid cols={2}>
              <Select label="is from" data={SCORES} allowDeselect={false} {...form.getInputProps('scoreMin')} />
              <Select label="to" data={SCORES} allowDeselect={false} {...form.getInputProps('scoreMax')} />
            </SimpleGrid>
            <Select
              label="then the puppy"
              data={Object.entries(FIT_OUTCOMES).map(([value, label]) => ({ value, label: label.toLowerCase() }))}
              allowDeselect={false}
              {...form.getInputProps('outcome')}
            />
            <Textarea
              label="Because (one sentence the family and you read)"
              autosize
              minRows={2}
              maxLength={300}
              {...form.getInputProps('sentence')}
            />
          </Stack>
        );
      }}
    />
  );
}

export function FitRulesAdmin() {
  return (
    <AdminScreen
      list={
        <AdminList
          noun={['fit rule', 'fit rules']}
          title="Fit rules"
          nameOf={() => 'The rule'}
          addable
          counted
          queryOptions={(input) => trpc.admin.temperament.rules.queryOptions(input)}
          search={{ label: 'Search rules', placeholder: 'Words of the reason' }}
          intro={() => (
            <Meta>
              Weighed in this order for each family and puppy: the first “does not suit” rule that applies decides; otherwise the first
              “suits” rule.
            </Meta>
          )}
          renderItem={(r, row) => (
            <ItemCard
              title={r.sentence}
              actionName={`rule: ${r.sentence}`}
              badges={<ToneBadge tone={r.outcome === 'suited' ? 'green' : 'orange'}>{FIT_OUTCOMES[r.outcome]}</ToneBadge>}
              row={row}
            >
              <Meta>{ruleSummary(r)}</Meta>
            </ItemCard>
          )}
          remove={{
            run: (r) => trpcClient.admin.temperament.removeRule.mutate({ id: r.id }),
            body: (r) => `“${r.sentence}” will no longer be weighed.`,
            title: 'Delete this rule?',
            done: () => ['Rule deleted'],
          }}
        />
      }
      editor={(target) => <RuleEditor target={target} />}
    />
  );
}
