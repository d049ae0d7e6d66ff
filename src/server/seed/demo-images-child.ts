// The demo photo painter, run as a child process of the server (demo-photos.ts): the image library's
// memory (libvips, its threads and caches) goes with this process when seeding is done, instead of
// staying resident in the server for its whole life.
import { demoPhoto } from './demo-images.ts';

process.on('message', (message: { id: number; index: number; caption: string }) => {
  demoPhoto(message.index, message.caption).then(
    (bytes) => process.send?.({ id: message.id, bytes }),
    (error: unknown) => process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
// The server hung up (seeding done, or it exited): nothing more to paint.
process.on('disconnect', () => process.exit(0));
