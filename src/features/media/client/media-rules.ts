// What the dashboard's media fields accept and say (kinds, sizes, messages), for MediaRulesProvider: the admin shell and
// the first run's logo step (the setup route) give it to their fields.
import type { MediaRules } from '../../../lib/client/admin/MediaField.tsx';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  MB,
  MEDIA_MESSAGES,
  PHOTO_ACCEPT,
  PHOTO_MAX_BYTES,
  VIDEO_ACCEPT,
  VIDEO_MAX_BYTES,
} from '../media.schema.ts';

export const MEDIA_RULES: MediaRules = {
  uploadUrl: '/api/admin/media',
  oneFile: MEDIA_MESSAGES.oneFile,
  kinds: {
    image: {
      accept: PHOTO_ACCEPT,
      maxBytes: PHOTO_MAX_BYTES,
      tooLarge: MEDIA_MESSAGES.photoTooLarge,
      wrongType: 'Upload a JPEG, PNG, WebP, AVIF or HEIC photo.',
      hint: `JPEG, PNG, WebP, AVIF or HEIC, up to ${PHOTO_MAX_BYTES / MB} MB`,
    },
    video: {
      accept: VIDEO_ACCEPT,
      maxBytes: VIDEO_MAX_BYTES,
      tooLarge: MEDIA_MESSAGES.videoTooLarge,
      wrongType: 'Upload an MP4 or WebM video.',
      hint: `MP4 or WebM, up to ${VIDEO_MAX_BYTES / MB} MB`,
    },
    document: {
      accept: DOCUMENT_ACCEPT,
      maxBytes: DOCUMENT_MAX_BYTES,
      tooLarge: MEDIA_MESSAGES.documentTooLarge,
      wrongType: MEDIA_MESSAGES.notPdf,
      hint: `PDF, up to ${DOCUMENT_MAX_BYTES / MB} MB`,
    },
  },
};
