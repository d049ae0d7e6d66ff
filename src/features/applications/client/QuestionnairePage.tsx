// /questionnaire: the Family Questionnaire, which is the application. Anyone can fill it in; sending
// needs an account. Answers are kept on this device while a visitor signs in or registers, and a
// signed-in family's draft is saved on the server (restored on any device).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Fieldset,
  Group,
  Loader,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { errorMessage, fieldErrorsOf, trpc } from '../../../lib/client/trpc.ts';
import { toast } from '../../../lib/client/toast.ts';
import { GrowingTextarea } from '../../../lib/client/GrowingTextarea.tsx';
import {
  ACTIVITY_CHOICES,
  ALLERGY_CHOICES,
  ALONE_CHOICES,
  CHILDREN_CHOICES,
  COLOR_CHOICES,
  EXPERIENCE_CHOICES,
  FENCE_CHOICES,
  GENDER_CHOICES,
  HEARD_CHOICES,
  HOME_CHOICES,
  OWNERSHIP_CHOICES,
  QUESTIONNAIRE_DEFAULTS,
  SIZE_CHOICES,
  TIMING_CHOICES,
  YARD_CHOICES,
  showsAllergyDetails,
  showsFence,
  type QuestionnaireValues,
} from '../applications.vocabulary.ts';
import type * as Rules from '../applications.schema.ts';
import { MyApplications } from './MyApplications.tsx';

const LOCAL_KEY = 'questionnaire-draft';
const FAILURE_TEXT = 'There was a problem submitting your questionnaire. Please try again.';

const options = (labels: Record<string, string>) => [
  { value: '', label: 'Choose one…', disabled: true },
  ...Object.entries(labels).map(([value, label]) => ({ value, label })),
];
/** An optional question: its empty choice is an answer too. */
const optionalOptions = (labels: Record<string, string>) => [
  { value: '', label: 'Prefer not to say' },
  ...Object.entries(labels).map(([value, label]) => ({ value, label })),
];

const focusFirstError = () =>
  document.querySelector<HTMLElement>('#questionnaire [aria-invalid="true"], #questionnaire [data-error] input')?.focus();

function readLocal(): Partial<QuestionnaireValues> | null {
  try {
    const raw = window.localStorage.getItem(LOCAL_KEY);
    return raw ? (JSON.parse(raw) as Partial<QuestionnaireValues>) : null;
  } catch {
    return null;
  }
}

/**
 * The answers' rules (the shared Zod schema) load once the page has hydrated, in a task of their own: built
 * while the page hydrated, they were most of a throttled phone's longest task (decision 104). Until they
 * are here nothing is checked on leaving a field; sending waits for them, and if they cannot load the
 * server's own check of the same rules answers instead.
 */
let rules: typeof Rules | undefined;
const loadRules = () =>
  import('../applications.schema.ts').then(
    (m) => void (rules = m),
    () => undefined,
  );

const known = (values: Partial<Record<string, unknown>>) =>
  Object.fromEntries(
    Object.entries(values).filter(([k, v]) => k in QUESTIONNAIRE_DEFAULTS && k !== 'website' && typeof v === 'string'),
  ) as Partial<QuestionnaireValues>;
const filled = (values: Partial<QuestionnaireValues>) =>
  Object.fromEntries(Object.entries(values).filter(([k, v]) => v && k !== 'website'));

/** The answers as the server takes them: conditional answers only when their condition holds. */
function toPayload(values: QuestionnaireValues) {
  const { website, litterId, fence, allergyDetails, ...rest } = values;
  return {
    ...rest,
    website,
    ...(litterId ? { litterId: Number(litterId) } : {}),
    ...(showsFence(values) && fence ? { fence } : {}),
    ...(showsAllergyDetails(values) && allergyDetails ? { allergyDetails } : {}),
  };
}

export function QuestionnairePage({ signedIn, litterId, puppyId }: { signedIn: boolean | null; litterId?: number; puppyId?: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // "Apply for <name>" from an available puppy's dialog: the puppy is named, and noted in the answers.
  const featured = useQuery({ ...trpc.puppies.featured.queryOptions(), enabled: !!puppyId });
  const puppyName = puppyId ? featured.data?.find((p) => p.id === puppyId && p.status === 'available')?.name : undefined;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [applyAgain, setApplyAgain] = useState(false);
  // A request to focus the first field in error, served after React has drawn the errors (an effect runs after the
  // commit that shows them). A timer raced that commit when the check waited for the rules to load, and lost on a
  // busy machine: nothing was marked invalid yet, so nothing took focus.
  const [errorsShown, showErrors] = useState(0);
  useEffect(() => {
    if (errorsShown > 0) focusFirstError();
  }, [errorsShown]);
  const here = `/questionnaire${litterId || puppyId ? `?${new URLSearchParams({ ...(litterId ? { litter: String(litterId) } : {}), ...(puppyId ? { puppy: String(puppyId) } : {}) })}` : ''}`;
  const [idempotencyKey, setKey] = useState(() =>
    (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).replace(/[^\w-]/g, ''),
  );
  const form = useForm<QuestionnaireValues>({
    initialValues: { ...QUESTIONNAIRE_DEFAULTS, litterId: litterId ? String(litterId) : '' },
    validate: (values) => rules?.answersErrors(toPayload(values)) ?? {},
    validateInputOnBlur: true,
    onValuesChange: (values) => {
      // Conditional questions that disappear take their answers with them.
      if (!showsFence(values) && values.fence) form.setFieldValue('fence', '');
      if (!showsAllergyDetails(values) && values.allergyDetails) form.setFieldValue('allergyDetails', '');
      dirty.current = true;
    },
  });
  const dirty = useRef(false);
  const restored = useRef(false);
  const litters = useQuery(trpc.litters.active.queryOptions());
  const mine = useQuery({ ...trpc.applications.mine.queryOptions(), enabled: signedIn === true });
  const draft = useQuery({ ...trpc.applications.draft.queryOptions(), enabled: signedIn === true });
  const saveDraft = useMutation(trpc.applications.saveDraft.mutationOptions());
  const submit = useMutation(trpc.applications.submit.mutationOptions());

  // Restore once: answers kept on this device win (typed just before signing in), then the server draft.
  useEffect(() => {
    if (restored.current || signedIn === null) return;
    if (signedIn && draft.isPending) return;
    restored.current = true;
    const local = readLocal();
    const server = signedIn ? draft.data?.values : null;
    const source = local && Object.keys(filled(local)).length ? local : server;
    if (source) {
      const values = { ...form.getValues(), ...known(source) };
      if (litterId) values.litterId = String(litterId);
      form.setValues(values);
      form.resetDirty(values);
    }
    if (signedIn && local) {
      window.localStorage.removeItem(LOCAL_KEY);
      saveDraft.mutate({ values: filled(known(local)) });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, draft.isPending]);

  // The puppy applied for, noted where the breeder reads the family's own words (unless they wrote something already).
  useEffect(() => {
    if (!puppyName || !restored.current) return;
    if (!String(form.getValues().notes ?? '').trim()) form.setFieldValue('notes', `We would like to apply for ${puppyName}.`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [puppyName, signedIn, draft.isPending]);

  // Keep what is typed: on this device for a visitor, on the server (a second after typing stops) when signed in.
  const values = form.getValues();
  const serialised = JSON.stringify(values);
  useEffect(() => {
    if (!restored.current || !dirty.current) return;
    const answers = filled(known(JSON.parse(serialised) as QuestionnaireValues));
    if (!signedIn) {
      window.localStorage.setItem(LOCAL_KEY, JSON.stringify(answers));
      return;
    }
    const timer = setTimeout(() => saveDraft.mutate({ values: answers }), 1000);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serialised, signedIn]);

  useEffect(() => void loadRules(), []);

  const submitChecked = form.onSubmit(
    (values) => {
      if (!signedIn) {
        window.localStorage.setItem(LOCAL_KEY, JSON.stringify(filled(known(values))));
        toast({
          title: 'Please sign in to send',
          message: 'Your answers are kept on this device while you log in or register.',
          variant: 'default',
        });
        // The sign-in form at once, the e-mail typed here filled in (in the history entry's state, not the address).
        void navigate({ to: '/auth', search: { redirect: here } as never, state: { email: values.email.trim() } as never });
        return;
      }
      submit.mutate({ ...toPayload(values), idempotencyKey } as never, {
        onSuccess: async () => {
          toast({
            title: 'Questionnaire Submitted',
            message: "Thank you! We've received your questionnaire and will be in touch within a few days.",
            variant: 'success',
          });
          setSentTo(values.name.trim());
          window.localStorage.removeItem(LOCAL_KEY);
          dirty.current = false;
          form.setValues({ ...QUESTIONNAIRE_DEFAULTS });
          setKey(`${idempotencyKey}-n`.slice(-60));
          setApplyAgain(false);
          await queryClient.invalidateQueries({ queryKey: trpc.applications.mine.queryKey() });
        },
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error);
          if (fieldErrors) {
            form.setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, m]) => [k, m[0]])));
            showErrors((n) => n + 1);
          }
          toast({ title: 'Submission Failed', message: errorMessage(error, FAILURE_TEXT), variant: 'destructive' });
        },
      });
    },
    () => showErrors((n) => n + 1),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (rules) return submitChecked(event);
    event.preventDefault();
    void loadRules().then(() => submitChecked());
  };

  const hasApplied = signedIn === true && (mine.data?.length ?? 0) > 0;

  if (sentTo !== null) {
    return (
      <Container size="sm" py="xl">
        <Title order={1} mb="md">
          Family Questionnaire
        </Title>
        <Alert color="green" title="Thank you!" role="status" mb="lg" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          <Text mb="sm">
            Thank you, {sentTo}. We&apos;ve received your questionnaire and will read it carefully. We usually reply within a few days, by
            e-mail or phone. You can follow your application here.
          </Text>
          <Text>Once your application is approved, a $500 non-refundable deposit reserves your spot on our waitlist.</Text>
        </Alert>
        <MyApplications />
        <Group mt="lg">
          <Button component={Link} to="/">
            Back to home
          </Button>
          <Anchor component={Link} to="/resources">
            Read our Owner Resources
          </Anchor>
        </Group>
      </Container>
    );
  }

  if (hasApplied && !applyAgain) {
    return (
      <Container size="md" py="xl">
        <Title order={1} mb="md">
          Family Questionnaire
        </Title>
        <MyApplications />
        <Button mt="lg" variant="default" onClick={() => setApplyAgain(true)}>
          Send another questionnaire
        </Button>
      </Container>
    );
  }

  const sending = submit.isPending;
  const litterOptions = [{ value: '', label: 'Any litter' }, ...(litters.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))];
  const v = form.getValues();
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="xs">
        Family Questionnaire
      </Title>
      <Text size="lg" mb="xs">
        Every puppy we raise goes to a family we have gotten to know first. Tell us about your home and what you are hoping for, and we will
        reach out to talk it through.
      </Text>
      <Text c="dimmed" mb="md">
        It takes about 10 minutes. Fields marked with * are required. Once your application is approved, a $500 non-refundable deposit
        reserves your spot; puppies go home at 8 weeks.
      </Text>
      {puppyName && (
        <Text fw={600} mb="md" role="status">
          Applying for {puppyName}
        </Text>
      )}
      {signedIn === false && (
        <Alert id="questionnaire-account" tabIndex={-1} color="blue" title="You will need an account to send it" mb="xl">
          <Text mb="xs">
            With an account you can follow your application. Fill in the questionnaire now if you like: your answers stay on this device
            while you log in or register.
          </Text>
          <Group>
            <Button component={Link} to="/auth" search={{ redirect: here } as never} size="sm">
              Log in or register
            </Button>
          </Group>
        </Alert>
      )}
      {signedIn === true && (
        <Text size="sm" c="dimmed" mb="xl" aria-live="polite">
          {saveDraft.isPending
            ? 'Saving your draft…'
            : saveDraft.isSuccess || draft.data?.updatedAt
              ? 'Your answers are saved as a draft; you can finish on any device.'
              : 'Your answers are saved as a draft as you type.'}
        </Text>
      )}

      <form id="questionnaire" onSubmit={onSubmit} noValidate aria-busy={sending}>
        <Stack gap="xl">
          <Fieldset legend="Contact details" disabled={sending}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Your name" required autoComplete="name" {...form.getInputProps('name')} />
              <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
              <TextInput label="Phone" type="tel" autoComplete="tel" description="Optional" {...form.getInputProps('phone')} />
              <TextInput
                label="City and state"
                required
                autoComplete="address-level2"
                placeholder="e.g. Colorado Springs, CO"
                {...form.getInputProps('location')}
              />
            </SimpleGrid>
          </Fieldset>

          <Fieldset legend="Your household" disabled={sending}>
            <Stack>
              <GrowingTextarea
                label="Who lives in your home?"
                description="Adults and children, with the children's ages."
                required
                minRows={2}
                maxLength={500}
                {...form.getInputProps('household')}
              />
              <NativeSelect
                label="Children at home"
                description="Optional: it helps us match a puppy's temperament to your family."
                data={optionalOptions(CHILDREN_CHOICES)}
                {...form.getInputProps('children')}
              />
              <NativeSelect
                label="Your household's pace"
                description="Optional, as above."
                data={optionalOptions(ACTIVITY_CHOICES)}
                {...form.getInputProps('activity')}
              />
              <GrowingTextarea
                label="Other pets"
                description="Optional: species, ages and how they are with dogs."
                minRows={2}
                maxLength={300}
                {...form.getInputProps('otherPets')}
              />
              <Radio.Group label="Does anyone in your home have dog allergies?" required {...form.getInputProps('allergies')}>
                <Group mt="xs">
                  {Object.entries(ALLERGY_CHOICES).map(([value, label]) => (
                    <Radio key={value} value={value} label={label} />
                  ))}
                </Group>
              </Radio.Group>
              {showsAllergyDetails(v) && (
                <GrowingTextarea
                  label="Tell us about the allergy"
                  description="Who has it and how strong it is."
                  required
                  minRows={2}
                  maxLength={300}
                  {...form.getInputProps('allergyDetails')}
                />
              )}
            </Stack>
          </Fieldset>

          <Fieldset legend="Home and yard" disabled={sending}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect label="Type of home" required data={options(HOME_CHOICES)} {...form.getInputProps('homeType')} />
              <NativeSelect label="Do you own or rent?" required data={options(OWNERSHIP_CHOICES)} {...form.getInputProps('ownership')} />
              <NativeSelect label="Do you have a yard?" required data={options(YARD_CHOICES)} {...form.getInputProps('yard')} />
              {showsFence(v) && (
                <NativeSelect label="Is your yard fenced?" required data={options(FENCE_CHOICES)} {...form.getInputProps('fence')} />
              )}
              <NativeSelect
                label="Hours the puppy would be alone on a typical day"
                required
                data={options(ALONE_CHOICES)}
                {...form.getInputProps('hoursAlone')}
              />
            </SimpleGrid>
          </Fieldset>

          <Fieldset legend="Experience" disabled={sending}>
            <Stack>
              <NativeSelect
                label="Your experience with dogs"
                required
                data={options(EXPERIENCE_CHOICES)}
                {...form.getInputProps('experience')}
              />
              <GrowingTextarea
                label="Tell us about the dogs you have had and your plans for training"
                required
                minRows={3}
                maxLength={1000}
                {...form.getInputProps('experienceDetails')}
              />
            </Stack>
          </Fieldset>

          <Fieldset legend="Your puppy" disabled={sending}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect label="Which litter are you applying for?" data={litterOptions} {...form.getInputProps('litterId')} />
              <NativeSelect label="Preferred size" required data={options(SIZE_CHOICES)} {...form.getInputProps('size')} />
              <NativeSelect label="Preferred gender" required data={options(GENDER_CHOICES)} {...form.getInputProps('gender')} />
              <NativeSelect label="Preferred colour" required data={options(COLOR_CHOICES)} {...form.getInputProps('color')} />
              <NativeSelect
                label="When are you hoping to bring a puppy home?"
                required
                data={options(TIMING_CHOICES)}
                {...form.getInputProps('timing')}
              />
              <NativeSelect
                label="How did you hear about us?"
                required
                data={options(HEARD_CHOICES)}
                {...form.getInputProps('heardAbout')}
              />
            </SimpleGrid>
            <GrowingTextarea
              mt="md"
              label="Anything else you would like us to know?"
              description="Optional"
              minRows={3}
              maxLength={1000}
              {...form.getInputProps('notes')}
            />
          </Fieldset>

          {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
          <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
            <label htmlFor="questionnaire-website">Website</label>
            <input id="questionnaire-website" type="text" tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
          </div>

          <Group>
            <Button
              type="submit"
              size="md"
              disabled={sending}
              leftSection={sending ? <Loader size="xs" color="white" aria-hidden="true" /> : null}
            >
              {sending ? 'Sending...' : signedIn ? 'Send Questionnaire' : 'Sign in to send'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
