// Media upload rules and messages, shared by the upload endpoint and the admin dropzones.
import { z } from 'zod';

/** What an upload is: a photo, a video, or a document (a PDF care sheet or contract). */
export const MEDIA_KINDS = ['image', 'video', 'document'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** What POST /api/admin/media answers with (201). Videos and documents have no width or height. */
export interface UploadedMediaDto {
  id: string;
  url: string;
  mime: string;
  width: number | null;
  height: number | null;
  /** The uploaded file's own name (documents keep it for downloads), else null. */
  filename: string | null;
  size: number;
}

export const MB = 1024 * 1024;
export const PHOTO_MAX_BYTES = 20 * MB;
export const VIDEO_MAX_BYTES = 200 * MB;
export const DOCUMENT_MAX_BYTES = 20 * MB;
export const PHOTO_MAX_PIXELS = 50_000_000;
/** Stored originals are capped at this many pixels on the long edge. */
export const PHOTO_MAX_EDGE = 4096;
/** Link previews (Open Graph, Twitter cards) show a 1200x630 picture (SPEC). */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

/** Accepted upload types, by sniffed content (never the file name). */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic', 'image/heif'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm'] as const;
export const DOCUMENT_MIME_TYPES = ['application/pdf'] as const;
/** For a dropzone's `accept` (the server still sniffs the content). */
export const PHOTO_ACCEPT = [...PHOTO_MIME_TYPES];
export const VIDEO_ACCEPT = [...VIDEO_MIME_TYPES];
export const DOCUMENT_ACCEPT = [...DOCUMENT_MIME_TYPES];

export const MEDIA_MESSAGES = {
  noFile: 'Choose a file to upload.',
  oneFile: 'Upload one file at a time.',
  empty: 'The file is empty.',
  wrongType: 'This file type is not supported. Upload a JPEG, PNG, WebP, AVIF or HEIC photo, or an MP4 or WebM video.',
  photoTooLarge: 'Photos can be at most 20 MB.',
  videoTooLarge: 'Videos can be at most 200 MB.',
  documentTooLarge: 'PDF files can be at most 20 MB.',
  notPdf: 'Attach a PDF file: this file is not a PDF (its content is checked, not its name).',
  badKind: 'The kind must be image, video or document.',
  badVisibility: 'The visibility must be public or private.',
  tooManyPixels: 'This photo is too large to process: at most 50 megapixels are accepted.',
  unreadable: 'This file could not be read as a photo. It may be damaged or incomplete.',
  heicUnsupported: 'HEIC photos cannot be converted on this server. Please upload a JPEG instead.',
  videoUnsupported: 'Videos cannot be accepted on this server: it has no tool to remove the location a phone records in them (ffmpeg).',
  videoUnreadable: 'This file could not be read as a video. It may be damaged or incomplete.',
  interrupted: 'The upload was interrupted before it finished. Please try again.',
  tooManyFields: 'Send the file with at most a few other form fields.',
  badForm: 'The upload could not be read. Send the file as multipart/form-data in the field "file".',
  badReplaces: 'The image to replace is not a valid media id.',
  notFound: 'Media not found.',
  badWidth: 'The width (w) must be a whole number of pixels.',
  badQuality: 'The quality (q) must be a whole number.',
  badShare: 'share=1 asks for the 1200x630 sharing picture; no other value is known.',
} as const;

/**
 * The admin's image and video fields hold the address of a file uploaded here (`/uploads/<id>.<ext>`),
 * nothing else: no other site's address, no `javascript:` or `data:` URL.
 */
const UPLOADED_IMAGE = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.(jpe?g|png|webp|avif)$/i;
const UPLOADED_VIDEO = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.(mp4|webm)$/i;
const UPLOADED_DOCUMENT = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.pdf$/i;

export const MEDIA_FIELD_MESSAGES = {
  image: 'Choose a photo uploaded here (its address starts with /uploads/).',
  video: 'Choose a video uploaded here (its address starts with /uploads/).',
  document: 'Choose a PDF uploaded here (its address starts with /uploads/ and ends in .pdf).',
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

/** An optional video field: empty or missing becomes null. */
export const optionalVideoPath = () =>
  uploadedPath(UPLOADED_VIDEO, MEDIA_FIELD_MESSAGES.video)
    .nullish()
    .transform((v) => v || null);

/** A required document (PDF) field. */
export const requiredDocumentPath = (requiredMessage: string) =>
  z.string(requiredMessage).trim().min(1, requiredMessage).pipe(uploadedPath(UPLOADED_DOCUMENT, MEDIA_FIELD_MESSAGES.document));

/** A required photo field. */
export const requiredImagePath = (requiredMessage: string) =>
  z.string(requiredMessage).trim().min(1, requiredMessage).pipe(uploadedPath(UPLOADED_IMAGE, MEDIA_FIELD_MESSAGES.image));

/** A nullable photo or video field (the settings' hero); empty stays as it was sent. */
export const nullableImagePath = () => uploadedPath(UPLOADED_IMAGE, MEDIA_FIELD_MESSAGES.image).nullable();
export const nullableVideoPath = () => uploadedPath(UPLOADED_VIDEO, MEDIA_FIELD_MESSAGES.video).nullable();
