// The admin's link and media fields store only what the site can safely show: https social links, /uploads/ paths.
import { describe, expect, it } from 'vitest';
import { useTestApp, TEST_ORIGIN } from './testing/test-app.ts';
import { signIn } from './testing/auth.ts';
import { DEFAULT_SETTINGS } from '../features/settings/server/settings.defaults.ts';
import { MEDIA_FIELD_MESSAGES } from '../features/media/media.schema.ts';

const HOSTILE = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'http://evil.example/photo.jpg',
  'https://evil.example/photo.jpg',
  '//evil.example/photo.jpg',
  '/uploads/../admin.jpg',
  '/uploads/photo.svg',
];

describe('admin link and media fields', () => {
  const t = useTestApp();

  const mutate = async (procedure: string, input: unknown) => {
    const { cookie } = await signIn(t.orm, { isAdmin: true });
    return t.app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
      payload: JSON.stringify(input),
    });
  };

  it('accepts only https social links, with a clear field message', async () => {
    for (const [field, value] of [
      ['facebookUrl', 'javascript:alert(1)'],
      ['instagramUrl', 'data:text/html,<script>alert(1)</script>'],
      ['youtubeUrl', 'http://www.youtube.com/@aspenmeadowdoodles'],
      ['facebookUrl', 'https://'],
    ] as const) {
      const res = await mutate('admin.settings.update', { ...DEFAULT_SETTINGS, [field]: value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().error.data.fieldErrors, value).toEqual({ [field]: ['Enter a full link starting with https://'] });
    }
    const ok = await mutate('admin.settings.update', {
      ...DEFAULT_SETTINGS,
      facebookUrl: 'https://www.facebook.com/aspen.meadow',
      youtubeUrl: '',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('accepts only /uploads/ paths in the hero photo and video', async () => {
    for (const value of HOSTILE) {
      const image = await mutate('admin.settings.update', { ...DEFAULT_SETTINGS, heroImageUrl: value });
      expect(image.statusCode, value).toBe(400);
      expect(image.json().error.data.fieldErrors, value).toEqual({ heroImageUrl: [MEDIA_FIELD_MESSAGES.image] });
      const video = await mutate('admin.settings.update', { ...DEFAULT_SETTINGS, heroVideoUrl: value.replace('.jpg', '.mp4') });
      expect(video.statusCode, value).toBe(400);
      expect(video.json().error.data.fieldErrors, value).toEqual({ heroVideoUrl: [MEDIA_FIELD_MESSAGES.video] });
    }
    const photoAsVideo = await mutate('admin.settings.update', { ...DEFAULT_SETTINGS, heroVideoUrl: '/uploads/hero.jpg' });
    expect(photoAsVideo.statusCode).toBe(400);
    const ok = await mutate('admin.settings.update', {
      ...DEFAULT_SETTINGS,
      heroImageUrl: '/uploads/0b6f4f1e-3c2a-4b8e-9d1a-2f3e4d5c6b7a.jpg',
      heroVideoUrl: '/uploads/0b6f4f1e-3c2a-4b8e-9d1a-2f3e4d5c6b7b.mp4',
    });
    expect(ok.statusCode).toBe(200);
  });

  it.each([
    ['admin.puppies.create', { name: 'Biscuit', gender: 'male', color: 'Apricot' }],
    ['admin.litters.create', { name: 'Autumn', motherName: 'Maple', fatherName: 'Cooper' }],
    ['admin.parents.create', { name: 'Maple', gender: 'female', breed: 'Goldendoodle', color: 'Red' }],
    ['admin.gallery.create', { title: 'Playtime' }],
    ['admin.testimonials.create', { name: 'The Lee Family', content: 'Honey is a joy.' }],
  ])('%s accepts only an uploaded photo', async (procedure, input) => {
    for (const value of HOSTILE) {
      const res = await mutate(procedure, { ...input, imageUrl: value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().error.data.fieldErrors, value).toEqual({ imageUrl: [MEDIA_FIELD_MESSAGES.image] });
    }
    const ok = await mutate(procedure, { ...input, imageUrl: '/uploads/0b6f4f1e-3c2a-4b8e-9d1a-2f3e4d5c6b7a.jpg' });
    expect(ok.statusCode).toBe(200);
  });
});
