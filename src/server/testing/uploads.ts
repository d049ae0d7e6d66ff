// Upload bodies for any feature's tests (a multipart form, a real PDF), from the media feature's helpers.
export { multipartBody, pdfPart, tinyPdf, jpegPart, solidImage, gpsVideo } from '../../features/media/server/media.test-helpers.ts';
