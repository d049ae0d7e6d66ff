// Testimonials: paged list (newest first) and the editor with a 1–5 rating.
import { Group, Input, Rating, SimpleGrid, Switch, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { AdminList, type Noun } from '../../../../lib/client/admin/AdminList.tsx';
import { AdminEditor } from '../../../../lib/client/admin/AdminForm.tsx';
import { ItemCard, Meta } from '../../../../lib/client/admin/ListParts.tsx';
import { MediaField } from '../../../../lib/client/admin/MediaField.tsx';
import { AdminScreen } from '../../../../lib/client/admin/Section.tsx';
import { emptyToNull } from '../../../../lib/client/admin/admin-utils.ts';
import { TestimonialInputSchema, type TestimonialAdminDto } from '../../testimonials.schema.ts';

const NOUN: Noun = ['testimonial', 'testimonials'];

export function TestimonialsAdmin() {
  return (
    <AdminScreen
      list={
        <AdminList
          noun={NOUN}
          queryOptions={(input) => trpc.admin.testimonials.list.queryOptions(input)}
          addable
          search={{ label: 'Search testimonials', placeholder: 'Name or text' }}
          renderItem={(t, row) => (
            <ItemCard
              title={t.name}
              thumb={t.imageUrl}
              row={row}
              actionName={`testimonial from ${t.name}`}
              badges={<ToneBadge tone={t.featured ? 'green' : 'gray'}>{t.featured ? 'Featured' : 'Not shown'}</ToneBadge>}
            >
              <Group gap="xs">
                <Rating value={t.rating} readOnly size="sm" aria-hidden />
                <VisuallyHidden>{`${t.rating} out of 5 stars`}</VisuallyHidden>
                {t.location && <Meta>{t.location}</Meta>}
              </Group>
              <Text size="sm" lineClamp={2}>
                {t.content}
              </Text>
            </ItemCard>
          )}
          remove={{
            run: (t) => trpcClient.admin.testimonials.remove.mutate({ id: t.id }),
            body: (t) => `The testimonial from ${t.name} will be deleted for good. To hide it for now, turn off “Featured” instead.`,
            done: () => ['Testimonial deleted', 'It no longer shows on the site.'],
            areas: ['testimonials'],
          }}
        />
      }
      editor={(target) => (
        <AdminEditor
          target={target}
          noun={NOUN}
          editTitle={(t) => `Edit the testimonial from ${t.name}`}
          load={(id) => trpc.admin.testimonials.byId.queryOptions({ id })}
          initialValues={(t?: TestimonialAdminDto) => ({
            name: t?.name ?? '',
            content: t?.content ?? '',
            rating: t?.rating ?? 5,
            location: t?.location ?? '',
            imageUrl: t?.imageUrl ?? null,
            featured: t?.featured ?? true,
          })}
          schema={TestimonialInputSchema}
          toInput={(v) => ({ ...v, imageUrl: emptyToNull(v.imageUrl) })}
          create={(input) => trpcClient.admin.testimonials.create.mutate(input)}
          update={(id, input) => trpcClient.admin.testimonials.update.mutate({ id, ...input })}
          saved={(_saved, t) => [t ? 'Testimonial saved' : 'Testimonial added']}
          areas={['testimonials']}
          fields={(form) => (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Name" description="e.g. The Martinez Family" required {...form.getInputProps('name')} />
                <TextInput label="Location" description="e.g. Denver, CO" {...form.getInputProps('location')} />
              </SimpleGrid>
              <Input.Wrapper label="Rating" error={form.errors.rating} required id="testimonial-rating" labelElement="div">
                <Rating
                  value={form.values.rating}
                  onChange={(v) => form.setFieldValue('rating', v)}
                  count={5}
                  size="lg"
                  mt={4}
                  getSymbolLabel={(i) => `${i} star${i === 1 ? '' : 's'}`}
                  name="rating"
                />
              </Input.Wrapper>
              <Textarea label="What they said" required autosize minRows={4} maxRows={12} {...form.getInputProps('content')} />
              <Switch label="Featured (shown on the home page)" {...form.getInputProps('featured', { type: 'checkbox' })} />
              <MediaField label="Photo" kind="image" {...form.getInputProps('imageUrl')} />
            </>
          )}
        />
      )}
    />
  );
}
