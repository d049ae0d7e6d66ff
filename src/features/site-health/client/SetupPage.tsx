// /setup?token=…: the first run of a new site (issue 48). The server opened this page with the one-time token it
// logged; she makes her admin account, names her kennel and chooses demo content or an empty site.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Container, PasswordInput, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { PASSWORD_MIN } from '../../auth/auth.schema.ts';

/** A full load: the dashboard starts with her new session. */
const openDashboard = () => window.location.assign('/admin');

/**
 * afterAccount: a step shown once her account exists and she is signed in (the app gives the logo step, which belongs
 * to Site settings); without it, the dashboard opens at once.
 */
export function SetupPage({ token, afterAccount }: { token: string | undefined; afterAccount?: (finish: () => void) => ReactNode }) {
  const complete = useMutation(trpc.setup.complete.mutationOptions());
  const [made, setMade] = useState(false);
  const [content, setContent] = useState<'demo' | 'empty'>('empty');
  const [mismatch, setMismatch] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    if (value('password') !== value('repeat')) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    complete.mutate(
      {
        token: token ?? '',
        username: value('username'),
        password: value('password'),
        kennelName: value('kennelName'),
        town: value('town'),
        email: value('email'),
        phone: value('phone'),
        content,
      },
      { onSuccess: () => (afterAccount ? setMade(true) : openDashboard()) },
    );
  };

  if (made && afterAccount)
    return (
      <Container size="xs" py="xl">
        <Stack gap="md">
          <Title order={1}>Set up your website</Title>
          <Alert color="green" title="Your site is ready">
            Your account is made and you are signed in.
          </Alert>
          {afterAccount(openDashboard)}
        </Stack>
      </Container>
    );

  return (
    <Container size="xs" py="xl">
      <form onSubmit={submit} aria-labelledby="setup-title">
        <Stack gap="md">
          <Title order={1} id="setup-title">
            Set up your website
          </Title>
          <Text>This page opens once. Make your admin account and tell visitors who you are; you can change all of it later.</Text>
          {complete.isError && (
            <Alert color="red" role="alert" title="The site is not set up yet">
              {errorMessage(complete.error, 'Please try again.')}
            </Alert>
          )}
          <Title order={2} size="h3">
            Your admin account
          </Title>
          <TextInput name="username" label="Username" autoComplete="username" required />
          <PasswordInput
            name="password"
            label="Password"
            autoComplete="new-password"
            required
            description={`At least ${PASSWORD_MIN} characters.`}
          />
          <PasswordInput
            name="repeat"
            label="Repeat the password"
            autoComplete="new-password"
            required
            error={mismatch ? 'The passwords do not match.' : undefined}
          />
          <Title order={2} size="h3">
            Your kennel
          </Title>
          <TextInput name="kennelName" label="Kennel name" required />
          <TextInput name="town" label="Town" placeholder="Bend, Oregon" />
          <TextInput name="email" type="email" label="Contact e-mail" autoComplete="email" />
          <TextInput name="phone" type="tel" label="Phone" autoComplete="tel" />
          <Radio.Group
            name="content"
            label="What the site starts with"
            value={content}
            onChange={(v) => setContent(v === 'demo' ? 'demo' : 'empty')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="empty" label="An empty site: I add my own dogs, litters and story" />
              <Radio value="demo" label="Demo content to look around first (sample puppies, litters and posts, with my name)" />
            </Stack>
          </Radio.Group>
          <Text size="sm" c="dimmed">
            Your logo comes next; your photos and story go in under Site settings once you are in.
          </Text>
          <Button type="submit" loading={complete.isPending}>
            Set up my site
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
