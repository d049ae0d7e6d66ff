import { createFileRoute } from '@tanstack/react-router';
import { GalleryAdmin } from '../../features/gallery/client/admin/GalleryAdmin.tsx';

export const Route = createFileRoute('/admin/gallery')({ component: GalleryAdmin });
