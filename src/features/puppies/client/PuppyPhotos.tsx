// A puppy's photos in its dialog (and its video), one at a time: buttons, arrow keys and swipe.
import { PhotoCarousel } from '../../../lib/client/PhotoCarousel.tsx';
import type { PuppyDto } from '../puppies.schema.ts';
import { puppyAlt } from './PuppyCard.tsx';

export function PuppyPhotos({ puppy }: { puppy: PuppyDto }) {
  const photos = puppy.photos.length > 0 ? puppy.photos : puppy.imageUrl ? [puppy.imageUrl] : [];
  return (
    <PhotoCarousel
      photos={photos}
      alt={puppyAlt(puppy)}
      label={`Photos of ${puppy.name}`}
      videoUrl={puppy.videoUrl}
      videoLabel={`Video of ${puppy.name}`}
      width={560}
      height={420}
      sizes="(max-width: 768px) 100vw, 420px"
    />
  );
}
