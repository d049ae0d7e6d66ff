// The generic admin form: @mantine/form validated with the feature's zod schema (the same rules the
// server applies), the server's field messages under the fields, dirty tracking for the unsaved-changes
// guard, a save toast and cache invalidation; and the editor screen (new / edit) built on it.
import type { ReactNode } from 'react';
import { useMutation, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { Stack } from '@mantine/core';
import type { z } from 'zod';
import {
  applyServerErrors,
  focusFirstInvalid,
  notifyFailed,
  notifySaved,
  useInvalidate,
  zodValidate,
  type PublicArea,
} from './admin-utils.ts';
import { useReportDirty } from './UnsavedChanges.tsx';
import { QueryState } from './ListParts.tsx';
import { EditorHeader, FormActions, useEditorView, type EditorTarget } from './Section.tsx';
import { capitalize, defaultName, type Noun } from './AdminList.tsx';

type Values = Record<string, unknown>;
function useValidatedForm<V extends Values>(initialValues: V, validate: ReturnType<typeof zodValidate<V>>) {
  return useForm<V>({ mode: 'controlled', initialValues, validate });
}
/** The @mantine/form object a form's fields bind to. */
export type AdminFormApi<V extends Values> = ReturnType<typeof useValidatedForm<V>>;

export interface AdminFormOptions<V extends Values, In, R> {
  /** Names this form for the unsaved-changes guard; null: not guarded (a dialog). */
  dirtyKey: string | null;
  initialValues: V;
  /** The feature's input schema: checked in the browser before sending, as the server checks it. */
  schema: z.ZodType<In>;
  /** Form values to the schema's input (empty strings to null, select strings to numbers). */
  toInput?: (values: V) => unknown;
  save: (input: In) => Promise<R>;
  /** The success toast: title and message. */
  saved: (result: R) => [string, string?];
  /** The failure toast's title. */
  failed: string;
  /** Public query namespaces the change affects (every admin query is refreshed anyway). */
  areas?: PublicArea[];
  /** After the toast and refresh; by default the form becomes clean with its current values. */
  onSaved?: (result: R, form: AdminFormApi<V>) => void;
  onInvalid?: Parameters<AdminFormApi<V>['onSubmit']>[1];
}

export function useAdminForm<V extends Values, In, R>(options: AdminFormOptions<V, In, R>) {
  const { schema, toInput = (v: V) => v } = options;
  const form = useValidatedForm(options.initialValues, zodValidate(schema, toInput));
  const clean = useReportDirty(options.dirtyKey, form.isDirty());
  const invalidate = useInvalidate();
  const mutation = useMutation({
    mutationFn: options.save,
    onSuccess: async (result) => {
      clean();
      notifySaved(...options.saved(result));
      await invalidate(...(options.areas ?? []));
      if (options.onSaved) options.onSaved(result, form);
      else form.resetDirty();
    },
    onError: (error) => {
      applyServerErrors(form, error);
      notifyFailed(options.failed, error);
    },
  });
  const submit = form.onSubmit((values) => mutation.mutate(schema.parse(toInput(values))), options.onInvalid ?? focusFirstInvalid);
  return { form, submit, saving: mutation.isPending };
}

export interface AdminEditorProps<
  T extends { id: number },
  V extends Values,
  In,
  R extends { id: number },
  E = unknown,
  K extends QueryKey = QueryKey,
> {
  target: EditorTarget;
  noun: Noun;
  /** The name a record goes by ("Biscuit"): its `name` by default. */
  nameOf?: (item: T | R) => string;
  load: (id: number) => UseQueryOptions<T, E, T, K>;
  initialValues: (item?: T) => V;
  schema: z.ZodType<In>;
  toInput?: (values: V) => unknown;
  create: (input: In) => Promise<R>;
  update: (id: number, input: In) => Promise<R>;
  areas?: PublicArea[];
  fields: (form: AdminFormApi<V>, item?: T) => ReactNode;
  /** Defaults: "New puppy", "Edit Biscuit", "Puppy saved" / "Puppy added" with "Biscuit is saved.". */
  newTitle?: string;
  editTitle?: (item: T) => string;
  saved?: (result: R, item?: T) => [string, string?];
}

/** The editor of one record at `?edit=new` or `?edit=<id>`: loads it, then shows the form; a save returns to the list at it. */
export function AdminEditor<T extends { id: number }, V extends Values, In, R extends { id: number }, E, K extends QueryKey>(
  props: AdminEditorProps<T, V, In, R, E, K>,
) {
  const { close } = useEditorView();
  const [one, many] = props.noun;
  const id = props.target === 'new' ? null : props.target;
  const query = useQuery({ ...props.load(id ?? 0), enabled: id !== null });
  const item = id === null ? undefined : query.data;
  const title =
    id === null
      ? (props.newTitle ?? `New ${one}`)
      : item
        ? (props.editTitle?.(item) ?? `Edit ${(props.nameOf ?? defaultName)(item)}`)
        : `Edit ${one}`;
  return (
    <>
      <EditorHeader title={title} onBack={close} backLabel={`Back to ${many}`} />
      {id !== null && <QueryState query={query} what={`the ${one}`} />}
      {(id === null || item) && <EditorForm {...props} item={item} title={title} />}
    </>
  );
}

/** Mounted once the record is loaded: the form starts from its values. */
function EditorForm<T extends { id: number }, V extends Values, In, R extends { id: number }, E, K extends QueryKey>(
  props: AdminEditorProps<T, V, In, R, E, K> & { item?: T; title: string },
) {
  const { item } = props;
  const { close, returnTo } = useEditorView();
  const one = props.noun[0];
  const { form, submit, saving } = useAdminForm<V, In, R>({
    dirtyKey: `${one}-${item?.id ?? 'new'}`,
    initialValues: props.initialValues(item),
    schema: props.schema,
    toInput: props.toInput,
    save: (input) => (item ? props.update(item.id, input) : props.create(input)),
    saved: (result) =>
      props.saved?.(result, item) ?? [
        `${capitalize(one)} ${item ? 'saved' : 'added'}`,
        `${(props.nameOf ?? defaultName)(result)} is saved.`,
      ],
    failed: `Could not save the ${one}`,
    areas: props.areas,
    onSaved: (result) => returnTo(result.id),
  });
  return (
    <form onSubmit={submit} noValidate aria-label={props.title}>
      <Stack gap="md">{props.fields(form, item)}</Stack>
      <FormActions saving={saving} onCancel={close} saveLabel={`${item ? 'Save' : 'Add'} ${one}`} />
    </form>
  );
}
