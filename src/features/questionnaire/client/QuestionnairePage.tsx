// /questionnaire: the Family Questionnaire. Sent as a waitlist inquiry; values are kept on failure.
import { useState, type CSSProperties } from 'react';
import { Alert, Anchor, Button, Container, Fieldset, Group, Loader, NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorMessage, fieldErrorsOf, trpc } from '../../../lib/client/trpc.ts';
import { toast } from '../../../lib/client/toast.ts';
import {
  ALLERGY_CHOICES,
  ALONE_CHOICES,
  EXPERIENCE_CHOICES,
  GENDER_CHOICES,
  HEARD_CHOICES,
  HOME_CHOICES,
  OWNERSHIP_CHOICES,
  QUESTIONNAIRE_DEFAULTS,
  SIZE_CHOICES,
  TIMING_CHOICES,
  YARD_CHOICES,
  toInquiry,
  type QuestionnaireValues,
} from '../questionnaire.schema.ts';

const SUCCESS_TITLE = 'Questionnaire Submitted';
const SUCCESS_TEXT = "Thank you! We've received your questionnaire and will be in touch within a few days.";
const FAILURE_TITLE = 'Submission Failed';
const FAILURE_TEXT = 'There was a problem submitting your questionnaire. Please try again.';

const options = (labels: Record<string, string>) => [
  { value: '', label: 'Choose one…', disabled: true },
  ...Object.entries(labels).map(([value, label]) => ({ value, label })),
];

/** Moves focus to the first field with an error, after the errors render. */
function focusFirstError() {
  setTimeout(() => {
    const el = document.querySelector<HTMLElement>('#questionnaire [aria-invalid="true"], #questionnaire [data-error] input');
    el?.focus();
  }, 0);
}

export function QuestionnairePage() {
  useDocumentTitle('Family Questionnaire | Mini Goldendoodle Puppies');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<QuestionnaireValues>({
    initialValues: QUESTIONNAIRE_DEFAULTS,
    validate: (values) => {
      const result = toInquiry(values);
      return result.ok ? {} : result.errors;
    },
    validateInputOnBlur: true,
  });
  const create = useMutation(trpc.inquiries.create.mutationOptions());

  const submit = form.onSubmit(
    (values) => {
      const result = toInquiry(values);
      if (!result.ok) return;
      create.mutate(result.inquiry, {
        onSuccess: () => {
          toast({ title: SUCCESS_TITLE, message: SUCCESS_TEXT, variant: 'success' });
          setSentTo(values.name.trim());
          form.reset();
        },
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error);
          if (fieldErrors) {
            const errors: Record<string, string> = {};
            for (const [key, messages] of Object.entries(fieldErrors)) if (key in values && messages[0]) errors[key] = messages[0];
            form.setErrors(errors);
            focusFirstError();
          }
          toast({ title: FAILURE_TITLE, message: errorMessage(error, FAILURE_TEXT), variant: 'destructive' });
        },
      });
    },
    () => focusFirstError(),
  );

  if (sentTo !== null) {
    return (
      <Container size="sm" py="xl">
        <Title order={1} mb="md">
          Family Questionnaire
        </Title>
        <Alert color="green" title="Thank you!" role="status">
          <Text mb="sm">
            Thank you, {sentTo}. We&apos;ve received your questionnaire and will read it carefully. We usually reply within a
            few days, by e-mail or phone.
          </Text>
          <Text>
            Once your application is approved, a $500 non-refundable deposit reserves your spot on our waitlist.
          </Text>
        </Alert>
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

  const sending = create.isPending;
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="xs">
        Family Questionnaire
      </Title>
      <Text size="lg" mb="xs">
        Every puppy we raise goes to a family we have gotten to know first. Tell us about your home and what you are hoping
        for, and we will reach out to talk it through.
      </Text>
      <Text c="gray.7" mb="xl">
        It takes about 10 minutes. Fields marked with * are required. Once your application is approved, a $500 non-refundable
        deposit reserves your spot; puppies go home at 8 weeks.
      </Text>

      <form
        id="questionnaire"
        onSubmit={submit}
        noValidate
        aria-busy={sending}
        // Mantine's default dimmed grey (descriptions) and error red are about 3.3:1 on white; darker shades pass WCAG AA.
        style={{ '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties}
      >
        <Stack gap="xl">
          <Fieldset legend="Contact details" disabled={sending}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Your name" required autoComplete="name" {...form.getInputProps('name')} />
              <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
              <TextInput label="Phone" type="tel" autoComplete="tel" description="Optional" {...form.getInputProps('phone')} />
              <TextInput label="City and state" required autoComplete="address-level2" placeholder="e.g. Colorado Springs, CO" {...form.getInputProps('location')} />
            </SimpleGrid>
          </Fieldset>

          <Fieldset legend="Your household" disabled={sending}>
            <Stack>
              <Textarea
                label="Who lives in your home?"
                description="Adults and children, with the children's ages."
                required
                autosize
                minRows={2}
                maxLength={500}
                {...form.getInputProps('household')}
              />
              <Textarea label="Other pets" description="Optional: species, ages and how they are with dogs." autosize minRows={2} maxLength={300} {...form.getInputProps('otherPets')} />
              <Radio.Group label="Does anyone in your home have dog allergies?" required {...form.getInputProps('allergies')}>
                <Group mt="xs">
                  {Object.entries(ALLERGY_CHOICES).map(([value, label]) => (
                    <Radio key={value} value={value} label={label} />
                  ))}
                </Group>
              </Radio.Group>
            </Stack>
          </Fieldset>

          <Fieldset legend="Home and yard" disabled={sending}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect label="Type of home" required data={options(HOME_CHOICES)} {...form.getInputProps('homeType')} />
              <NativeSelect label="Do you own or rent?" required data={options(OWNERSHIP_CHOICES)} {...form.getInputProps('ownership')} />
              <NativeSelect label="Your yard" required data={options(YARD_CHOICES)} {...form.getInputProps('yard')} />
              <NativeSelect label="Hours the puppy would be alone on a typical day" required data={options(ALONE_CHOICES)} {...form.getInputProps('hoursAlone')} />
            </SimpleGrid>
          </Fieldset>

          <Fieldset legend="Experience" disabled={sending}>
            <Stack>
              <NativeSelect label="Your experience with dogs" required data={options(EXPERIENCE_CHOICES)} {...form.getInputProps('experience')} />
              <Textarea
                label="Tell us about the dogs you have had and your plans for training"
                required
                autosize
                minRows={3}
                maxLength={1000}
                {...form.getInputProps('experienceDetails')}
              />
            </Stack>
          </Fieldset>

          <Fieldset legend="Your puppy" disabled={sending}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect label="Preferred size" required data={options(SIZE_CHOICES)} {...form.getInputProps('size')} />
              <NativeSelect label="Preferred gender" required data={options(GENDER_CHOICES)} {...form.getInputProps('gender')} />
              <NativeSelect label="When are you hoping to bring a puppy home?" required data={options(TIMING_CHOICES)} {...form.getInputProps('timing')} />
              <NativeSelect label="How did you hear about us?" required data={options(HEARD_CHOICES)} {...form.getInputProps('heardAbout')} />
            </SimpleGrid>
            <Textarea mt="md" label="Anything else you would like us to know?" description="Optional" autosize minRows={3} maxLength={1000} {...form.getInputProps('notes')} />
          </Fieldset>

          {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
          <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
            <label htmlFor="questionnaire-website">Website</label>
            <input id="questionnaire-website" type="text" tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
          </div>

          <Group>
            <Button type="submit" size="md" disabled={sending} leftSection={sending ? <Loader size="xs" color="white" aria-hidden="true" /> : null}>
              {sending ? 'Sending...' : 'Send Questionnaire'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
