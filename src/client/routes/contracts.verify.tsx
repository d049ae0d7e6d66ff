import { simpleHead } from '../../lib/client/route-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { VerifyPage } from '../../features/contracts/client/VerifyPage.tsx';

export const Route = createFileRoute('/contracts/verify')({
  head: simpleHead(['Check a signed contract'], 'Check that a contract PDF sealed on this site is genuine and unchanged.'),
  component: VerifyPage,
});
