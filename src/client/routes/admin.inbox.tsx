import { createFileRoute } from '@tanstack/react-router';
import { InboxAdmin } from '../../features/inquiries/client/admin/InboxAdmin.tsx';
import { ConversationPanel } from '../../features/messages/client/admin/ConversationPanel.tsx';
import { ConversationSlotProvider } from '../../lib/client/admin/ConversationSlot.tsx';

/** Each inquiry shows its sender's conversation (issue 30), composed here: the two features do not import each other. */
function Inbox() {
  return (
    <ConversationSlotProvider panel={ConversationPanel}>
      <InboxAdmin />
    </ConversationSlotProvider>
  );
}

export const Route = createFileRoute('/admin/inbox')({ component: Inbox });
