// A family attaches photos and PDFs from the site (POST /api/messages/attachments): stored as private media
// through the media pipeline, readable by that family and admins only (404 to another family and to visitors),
// attachable by that family only; wrong types, oversized files and malformed requests get a clear 4xx.
import { describe, expect, it } from 'vitest';
import type { TRPCError } from '@trpc/server';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { jpegPart, multipartBody, pdfPart, solidImage, tinyPdf } from '../../../server/testing/uploads.ts';
import { MESSAGE_UPLOAD_PATH, MESSAGES_TEXT, type MessageUploadDto } from '../messages.schema.ts';
import { MessageUpload } from './message.entity.ts';

type Signed = Awaited<ReturnType<typeof signIn>>;

describe('a family’s attachments from the site', () => {
  const t = useTestApp();
  let admin: Signed;
  let parkers: Signed;
  let nguyens: Signed;

  const upload = (body: ReturnType<typeof multipartBody>, cookie?: string, origin = TEST_ORIGIN) =>
    t.app.inject({
      method: 'POST',
      url: MESSAGE_UPLOAD_PATH,
      payload: body.payload,
      headers: { ...body.headers, origin, ...(cookie ? { cookie } : {}) },
    });
  const status = async (url: string, cookie?: string) =>
    (await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).statusCode;
  const uploads = () => t.orm.em.fork().count(MessageUpload, {});

  it('a photo and a PDF are stored private: the family and admins read them, another family and visitors get 404', async () => {
    admin = await signIn(t.orm, { isAdmin: true });
    parkers = await signIn(t.orm, { isAdmin: false, username: 'parkers' });
    nguyens = await signIn(t.orm, { isAdmin: false, username: 'nguyens' });

    const photoRes = await upload(multipartBody([jpegPart(await solidImage(60, 40, 'jpeg'), 'IMG_0042.jpg')]), parkers.cookie);
    expect(photoRes.statusCode).toBe(201);
    const photo = photoRes.json() as MessageUploadDto;
    expect(photo).toMatchObject({
      kind: 'photo',
      url: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.jpg$/),
      previewUrl: photo.url.replace('/uploads/', '/private-media/'),
    });
    const pdfRes = await upload(multipartBody([pdfPart(tinyPdf('Vet record'), 'vet-record.pdf')]), parkers.cookie);
    expect(pdfRes.statusCode).toBe(201);
    const pdf = pdfRes.json() as MessageUploadDto;
    expect(pdf).toMatchObject({ kind: 'pdf', name: 'vet-record.pdf' });

    // Before it is sent: the family's own preview; nobody else's.
    expect(await status(photo.previewUrl, parkers.cookie)).toBe(200);
    expect(await status(photo.previewUrl, nguyens.cookie)).toBe(404);
    expect(await status(photo.previewUrl)).toBe(404);
    // Never at the public address.
    expect(await status(photo.url)).toBe(404);

    const sent = await t.caller(parkers.user).messages.send({ text: 'Our yard, and the vet record', attachments: [photo.url, pdf.url] });
    expect(sent.attachments).toEqual([
      { url: photo.previewUrl, kind: 'photo', name: 'IMG_0042.jpg' },
      { url: pdf.previewUrl, kind: 'pdf', name: 'vet-record.pdf' },
    ]);
    const thread = await t.caller(admin.user).admin.messages.conversation({ conversationId: sent.conversationId });
    expect(thread.items[0]!.attachments.map((a) => a.url)).toEqual([photo.previewUrl, pdf.previewUrl]);
    for (const url of [photo.previewUrl, pdf.previewUrl]) {
      expect(await status(url, parkers.cookie)).toBe(200);
      expect(await status(url, admin.cookie)).toBe(200);
      expect(await status(url, nguyens.cookie)).toBe(404);
      expect(await status(url)).toBe(404);
    }

    // Another family cannot attach (and so expose) the Parkers' upload.
    await expect(t.caller(nguyens.user).messages.send({ text: 'mine now', attachments: [photo.url] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: MESSAGES_TEXT.attachmentInvalid,
    });
  });

  it('wrong type, too large, no file, not signed in or from another site: a clear 4xx and nothing stored', async () => {
    const before = await uploads();
    const text = await upload(
      multipartBody([{ name: 'file', filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('just some text, not a photo') }]),
      parkers.cookie,
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(MESSAGES_TEXT.fileWrongType);
    // A photo's name on something else: the content decides.
    const fake = await upload(multipartBody([jpegPart(Buffer.from('<html>not a photo</html>'), 'cute.jpg')]), parkers.cookie);
    expect(fake.statusCode).toBe(415);

    const huge = Buffer.concat([tinyPdf('big'), Buffer.alloc(30 * 1024 * 1024, 0x20)]);
    const big = await upload(multipartBody([pdfPart(huge, 'scan.pdf')]), parkers.cookie);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(MESSAGES_TEXT.fileTooLarge);

    const none = await upload(multipartBody([{ name: 'note', value: 'hello' }]), parkers.cookie);
    expect(none.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: MESSAGE_UPLOAD_PATH,
      payload: '{}',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: parkers.cookie },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(MESSAGES_TEXT.fileForm);

    const photo = await solidImage(20, 20, 'jpeg');
    expect((await upload(multipartBody([jpegPart(photo)]))).statusCode).toBe(401);
    expect((await upload(multipartBody([jpegPart(photo)]), parkers.cookie, 'https://evil.example')).statusCode).toBe(403);
    expect(await uploads()).toBe(before);
  });

  it('sending with a file that is not an upload of ours is refused with the field’s message', async () => {
    let caught: TRPCError | null = null;
    await t
      .caller(parkers.user)
      .messages.send({ text: 'x', attachments: ['/uploads/00000000-0000-4000-8000-000000000000.jpg'] })
      .catch((e: TRPCError) => (caught = e));
    expect(caught).toMatchObject({ code: 'BAD_REQUEST', message: MESSAGES_TEXT.attachmentInvalid });
  });
});
