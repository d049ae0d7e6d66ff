import { simpleHead } from '../../lib/client/route-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { Container, Stack, Title } from '@mantine/core';
import { requireUser } from '../layout/ProtectedRoute.tsx';
import { AccountProfile } from '../../features/auth/client/AccountProfile.tsx';
import { EmailStatus } from '../../features/auth/client/EmailStatus.tsx';
import { nameOf } from '../../features/auth/client/account-name.ts';
import { useAuth } from '../../features/auth/client/auth-context.ts';
import { FamilyPortal } from '../../features/portal/client/FamilyPortal.tsx';
import { DigestSwitch } from '../../features/portal/client/DigestSwitch.tsx';
import { MyApplications } from '../../features/applications/client/MyApplications.tsx';
import { MyPayments } from '../../features/payments/client/MyPayments.tsx';
import { HealthRecords } from '../../features/health/client/HealthRecord.tsx';
import { MyVisits } from '../../features/visits/client/MyVisits.tsx';
import { MyContracts } from '../../features/contracts/client/MyContracts.tsx';
import { FamilyMessages } from '../../features/messages/client/FamilyMessages.tsx';
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

function AccountPage() {
  const { user } = useAuth();
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Title order={1}>{user ? `Welcome, ${nameOf(user)}` : 'My Family'}</Title>
        <EmailStatus />
        {/* Pick day's notice first while a litter is choosing; then the puppy and its pickup countdown; the application after. */}
        <MyPicks />
        <FamilyPortal />
        <FamilyTemperament />
        <MyPayments />
        <HealthRecords />
        <MyVisits />
        <MyContracts />
        <FamilyMessages />
        <MyApplications />
        <AccountProfile extra={<DigestSwitch />} />
        <FamilyNotifications />
      </Stack>
    </Container>
  );
}
