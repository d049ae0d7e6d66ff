import { simpleHead } from '../../lib/client/route-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { QuestionnairePage } from '../../features/applications/client/QuestionnairePage.tsx';
import { useAuth } from '../../features/auth/client/auth-context.ts';
import { currentUserQuery } from '../../features/auth/client/current-user.ts';
import { trpc } from '../../lib/client/trpc.ts';
import { prefetch } from '../../lib/client/prefetch.ts';

export const Route = createFileRoute('/questionnaire')({
  // ?litter=<id>: a litter's "Join the Waitlist" on the home page.
  // ?puppy=<id>: an available puppy's "Apply for <name>" (its litter comes with it).
  validateSearch: (search: Record<string, unknown>): { litter?: number; puppy?: number } => {
    const litter = Number(search.litter);
    const puppy = Number(search.puppy);
    return {
      litter: Number.isInteger(litter) && litter > 0 ? litter : undefined,
      puppy: Number.isInteger(puppy) && puppy > 0 ? puppy : undefined,
    };
  },
  // The page's reads come with it (fetched after hydration, they re-rendered the form on a throttled phone):
  // the litters to choose from, and a signed-in family's applications and saved draft.
  loader: ({ context }) =>
    prefetch(
      context.queryClient,
      trpc.litters.active.queryOptions(),
      ...(context.queryClient.getQueryData(currentUserQuery.queryKey)
        ? [trpc.applications.mine.queryOptions(), trpc.applications.draft.queryOptions()]
        : []),
    ),
  head: simpleHead(['Family Questionnaire'], 'Tell us about your family and apply for a puppy.'),
  component: QuestionnaireRoute,
});

function QuestionnaireRoute() {
  const { litter, puppy } = Route.useSearch();
  const { user, isLoading } = useAuth();
  return (
    <QuestionnairePage
      key={user ? `u${user.id}` : 'visitor'}
      signedIn={isLoading ? null : user !== null}
      litterId={litter}
      puppyId={puppy}
    />
  );
}
