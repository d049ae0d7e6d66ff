import { createFileRoute } from '@tanstack/react-router';
import { QuestionnairePage } from '../../features/questionnaire/client/QuestionnairePage.tsx';

export const Route = createFileRoute('/questionnaire')({
  component: QuestionnairePage,
});
