import { createFileRoute } from '@tanstack/react-router';
import { PairingTool } from '../../features/parents/client/admin/PairingTool.tsx';

export const Route = createFileRoute('/admin/pairing')({ component: PairingTool });
