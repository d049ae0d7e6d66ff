import { simpleHead } from '../../lib/client/route-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button, Card, Container, Group, Stack, Title } from '@mantine/core';
import { requireUser } from '../layout/ProtectedRoute.tsx';
import { AccountProfile } from '../../features/auth/client/AccountProfile.tsx';
import { EmailStatus } from '../../features/auth/client/EmailStatus.tsx';
import { nameOf } from '../../features/auth/client/account-name.ts';
import { useAuth } from '../../features/auth/client/auth-context.ts';
import { FamilyPortal, MyDocuments } from '../../features/portal/client/FamilyPortal.tsx';
import { DigestSwitch } from '../../features/portal/client/DigestSwitch.tsx';
import { MyApplications } from '../../features/applications/client/MyApplications.tsx';
import { MyPayments } from '../../features/payments/client/MyPayments.tsx';
import { HealthRecords } from '../../features/health/client/HealthRecord.tsx';
import { MyVisits } from '../../features/visits/client/MyVisits.tsx';
import { MyContracts } from '../../features/contracts/client/MyContracts.tsx';
import { useMyContractState } from '../../features/contracts/client/my-contract-state.ts';
import { FamilyMessages } from '../../features/messages/client/FamilyMessages.tsx';
import { useUnreadMessages } from '../../features/messages/client/unread.ts';
import { FamilyNotifications } from '../../features/notifications/client/FamilyNotifications.tsx';
import { FamilyTemperament } from '../../features/temperament/client/FamilyTemperament.tsx';
import { MyPicks } from '../../features/picks/client/MyPicks.tsx';

/** /account ("My Family"): signed-in users only; composes each feature's part of the family's home. */
export const Route = createFileRoute('/account')({
  // Everything here is the signed-in family's own: nothing of it is rendered on the server.
  ssr: false,
  beforeLoad: requireUser,
  head: simpleHead(['My Family'], 'Your puppy, updates and account.'),
  component: AccountPage,
});

/** The page's four parts, in the order a family needs them; "On this page" links to each. */
const SECTIONS = [
  { id: 'growing-up', title: 'Growing up' },
  { id: 'talk-and-visit', title: 'Talk and visit' },
  { id: 'paperwork', title: 'Paperwork and money' },
  { id: 'your-account', title: 'Application and account' },
] as const;

function AccountPage() {
  const { user } = useAuth();
  const contracts = useMyContractState();
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Title order={1}>{user ? `Welcome, ${nameOf(user)}` : 'My Family'}</Title>
        <EmailStatus />
        <NeedsYou toSign={contracts.toSign} />
        <Group component="nav" aria-label="On this page" gap="xs" wrap="wrap">
          {SECTIONS.map((s) => (
            <Button key={s.id} component="a" href={`#${s.id}`} variant="default" size="compact-sm" radius="xl">
              {s.title}
            </Button>
          ))}
        </Group>
        <Part section={SECTIONS[0]}>
          {/* Pick day's notice first while a litter is choosing; then the puppy and its pickup countdown. */}
          <MyPicks />
          <FamilyPortal />
          <FamilyTemperament />
          <HealthRecords />
        </Part>
        <Part section={SECTIONS[1]}>
          <FamilyMessages />
          <MyVisits />
        </Part>
        <Part section={SECTIONS[2]}>
          <MyContracts />
          <MyDocuments more={contracts.documents} />
          <MyPayments />
        </Part>
        <Part section={SECTIONS[3]}>
          <MyApplications />
          <AccountProfile extra={<DigestSwitch />} />
          <FamilyNotifications />
        </Part>
      </Stack>
    </Container>
  );
}

function Part({ section, children }: { section: (typeof SECTIONS)[number]; children: ReactNode }) {
  return (
    <Stack component="section" gap="lg" id={section.id} aria-labelledby={`${section.id}-title`} style={{ scrollMarginTop: 80 }}>
      <Title order={2} size="h4" id={`${section.id}-title`} pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        {section.title}
      </Title>
      {children}
    </Stack>
  );
}

/** What waits for the family, first: a contract to sign, messages from the breeder it has not read. */
function NeedsYou({ toSign }: { toSign: number }) {
  const unread = useUnreadMessages(true);
  if (toSign === 0 && unread === 0) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="needs-you-title">
      <Title order={2} size="h3" id="needs-you-title">
        Needs you
      </Title>
      <Group mt="sm" gap="sm" wrap="wrap">
        {toSign > 0 && (
          <Button component="a" href="#contract">
            Contract: sign now
          </Button>
        )}
        {unread > 0 && (
          <Button component="a" href="#messages" variant="default">
            Messages ({unread})
          </Button>
        )}
      </Group>
    </Card>
  );
}
