import { createFileRoute } from '@tanstack/react-router';
import { ApplicationsAdmin } from '../../features/applications/client/admin/ApplicationsAdmin.tsx';
import { ConversationPanel } from '../../features/messages/client/admin/ConversationPanel.tsx';
import { ConversationSlotProvider } from '../../lib/client/admin/ConversationSlot.tsx';

/** Each application shows the family's conversation (issue 30), composed here: the two features do not import each other. */
function Applications() {
  return (
    <ConversationSlotProvider panel={ConversationPanel}>
      <ApplicationsAdmin />
    </ConversationSlotProvider>
  );
}

export const Route = createFileRoute('/admin/applications')({ component: Applications });
