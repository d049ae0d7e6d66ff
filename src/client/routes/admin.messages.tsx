import { createFileRoute } from '@tanstack/react-router';
import { MessagesAdmin } from '../../features/messages/client/admin/MessagesAdmin.tsx';

export const Route = createFileRoute('/admin/messages')({ component: MessagesAdmin });
