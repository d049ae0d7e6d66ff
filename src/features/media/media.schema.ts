// Media upload rules and messages, shared by the upload endpoint and the admin dropzones.
import { z } from 'zod';

/** What POST /api/admin/media answers with (201). Videos have no width or height. */
export interface UploadedMediaDto {
  id: string;
  url: string;
  mime: string;
  width: number | null;
  height: number | null;
}

export const MB = 1024 * 1024;
export const PHOTO_MAX_BYTES = 20 * MB;
export const VIDEO_MAX_BYTES = 200 * MB;
export const PHOTO_MAX_PIXELS = 50_000_000;
/** Stored originals are capped at this many pixels on the long edge. */
export const PHOTO_MAX_EDGE = 4096;

/** Accepted upload types, by sniffed content (never the file name). */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic', 'image/heif'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm'] as const;
/** For a dropzone's `accept` (the server still sniffs the content). */
export const PHOTO_ACCEPT = [...PHOTO_MIME_TYPES];
export const VIDEO_ACCEPT = [...VIDEO_MIME_TYPES];

export const MEDIA_MESSAGES = {
  noFile: 'Choose a file to upload.',
  oneFile: 'Upload one file at a time.',
  empty: 'The file is empty.',
  wrongType: 'This file type is not supported. Upload a JPEG, PNG, WebP, AVIF or HEIC photo, or an MP4 or WebM video.',
  photoTooLarge: 'Photos can be at most 20 MB.',
  videoTooLarge: 'Videos can be at most 200 MB.',
  tooManyPixels: 'This photo is too large to process: at most 50 megapixels are accepted.',
  unreadable: 'This file could not be read as a photo. It may be damaged or incomplete.',
  heicUnsupported: 'HEIC photos cannot be converted on this server. Please upload a JPEG instead.',
  videoUnsupported:
    'Videos cannot be accepted on this server: it has no tool to remove the location a phone records in them (ffmpeg).',
  videoUnreadable: 'This file could not be read as a video. It may be damaged or incomplete.',
  interrupted: 'The upload was interrupted before it finished. Please try again.',
  tooManyFields: 'Send the file with at most a few other form fields.',
  badForm: 'The upload could not be read. Send the file as multipart/form-data in the field "file".',
  badReplaces: 'The image to replace is not a valid media id.',
  notFound: 'Media not found.',
  badWidth: 'The width (w) must be a whole number of pixels.',
  badQuality: 'The quality (q) must be a whole number.',
} as const;

/**
 * The admin's image and video fields hold the address of a file uploaded here (`/uploads/<id>.<ext>`),
 * nothing else: no other site's address, no `javascript:` or `data:` URL.
 */
const UPLOADED_IMAGE = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.(jpe?g|png|webp|avif)$/i;
const UPLOADED_VIDEO = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.(mp4|webm)$/i;

export const MEDIA_FIELD_MESSAGES = {
  image: 'Choose a photo uploaded here (its address starts with /uploads/).',
  video: 'Choose a video uploaded here (its address starts with /uploads/).',
} as const;

const uploadedPath = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(500, message)
    .refine((v) => v === '' || pattern.test(v), message);

/** An optional photo field: empty or missing becomes null. */
export const optionalImagePath = () =>
  uploadedPath(UPLOADED_IMAGE, MEDIA_FIELD_MESSAGES.image)
    .nullish()
    .transform((v) => v || null);

/** A required photo field. */
export const requiredImagePath = (requiredMessage: string) =>
  z.string(requiredMessage).trim().min(1, requiredMessage).pipe(uploadedPath(UPLOADED_IMAGE, MEDIA_FIELD_MESSAGES.image));

/** A nullable photo or video field (the settings' hero); empty stays as it was sent. */
export const nullableImagePath = () => uploadedPath(UPLOADED_IMAGE, MEDIA_FIELD_MESSAGES.image).nullable();
export const nullableVideoPath = () => uploadedPath(UPLOADED_VIDEO, MEDIA_FIELD_MESSAGES.video).nullable();
