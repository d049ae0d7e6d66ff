// The dashboard's Blog, Resources and Legal sections: one list (status, date, search) and one editor, by kind.
import { Anchor, Button, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { AdminList } from '../../../../lib/client/admin/AdminList.tsx';
import { ItemCard, Meta, RowActions } from '../../../../lib/client/admin/ListParts.tsx';
import { useEditorView } from '../../../../lib/client/admin/Section.tsx';
import { LEGAL_PAGE_LABELS, RESOURCE_CATEGORY_LABELS, type ArticleKind } from '../../articles.schema.ts';
import { ArticleEditor } from './ArticleEditor.tsx';
import { KIND_TEXT, STATUS, StatusBadge, statusLine } from './ArticleStatus.tsx';

export function ArticlesAdmin({ kind }: { kind: ArticleKind }) {
  const { edit, open } = useEditorView();
  const text = KIND_TEXT[kind];
  if (edit !== undefined) return <ArticleEditor kind={kind} target={edit} />;
  return (
    <AdminList
      noun={[text.one, text.what]}
      title={text.title}
      queryOptions={(input) => trpc.admin.articles.list.queryOptions({ kind, ...input })}
      actions={() => <Button onClick={() => open('new')}>{text.add}</Button>}
      search={{ label: `Search ${text.what}`, placeholder: 'Title, summary or address' }}
      filters={{
        status: {
          label: 'Status',
          placeholder: 'Any status',
          data: (['draft', 'scheduled', 'published'] as const).map((s) => ({ value: s, label: STATUS[s].label })),
        },
      }}
      empty={`No ${text.what} yet.`}
      renderItem={(a, row) => (
        <ItemCard
          title={a.title}
          thumb={kind === 'legal' ? undefined : a.coverImageUrl}
          badges={<StatusBadge status={a.status} />}
          actions={
            <RowActions
              name={`${text.one} “${a.title}”`}
              onEdit={row.edit}
              onDelete={kind === 'legal' && a.publishedAt ? undefined : row.remove}
            />
          }
        >
          <Meta>{statusLine(a)}</Meta>
          {a.category && <Meta>{RESOURCE_CATEGORY_LABELS[a.category]}</Meta>}
          {a.legalPage && <Meta>{LEGAL_PAGE_LABELS[a.legalPage]}</Meta>}
          {a.status === 'published' ? (
            <Anchor size="sm" renderRoot={(props) => <Link {...props} to={text.publicPath(a.slug, a)} />}>
              View on the site
            </Anchor>
          ) : (
            <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin/preview/$id" params={{ id: String(a.id) }} />}>
              Private preview
            </Anchor>
          )}
          {a.summary && (
            <Text size="sm" lineClamp={2}>
              {a.summary}
            </Text>
          )}
        </ItemCard>
      )}
      remove={{
        run: (a) => trpcClient.admin.articles.remove.mutate({ id: a.id }),
        title: `Delete this ${text.one}?`,
        body: (a) =>
          `“${a.title}” will be deleted for good${a.status === 'published' ? ' and disappear from the site' : ''}. To hide it for now, unpublish it instead.`,
        done: () => [`The ${text.one} is deleted`],
        failed: `Could not delete the ${text.one}`,
        areas: ['articles'],
      }}
    />
  );
}
