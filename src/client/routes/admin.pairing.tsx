import { createFileRoute } from '@tanstack/react-router';
import { PairingTool } from '../../features/dogs/client/admin/PairingTool.tsx';

export const Route = createFileRoute('/admin/pairing')({ component: PairingTool });
