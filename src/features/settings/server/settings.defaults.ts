// The breeder's starting copy: what the site says until the breeder edits it in the dashboard.
import type { SiteSettingsDto } from '../settings.schema.ts';

export const DEFAULT_SETTINGS: SiteSettingsDto = {
  breederName: 'Aspen Meadow Doodles',
  town: 'Monument, Colorado',
  phone: '(719) 555-0142',
  email: 'info@aspenmeadowdoodles.com',
  facebookUrl: 'https://www.facebook.com/aspenmeadowdoodles',
  instagramUrl: 'https://www.instagram.com/aspenmeadowdoodles',
  youtubeUrl: 'https://www.youtube.com/@aspenmeadowdoodles',
  heroImageUrl: null,
  heroVideoUrl: null,
  logoUrl: null,
  aboutStory:
    'We are a family of five raising mini Goldendoodles in our home at the foot of the Rockies. Our dogs are family first: they sleep on our couches, hike our trails and help the kids with homework. Every litter is born in our living room and raised underfoot, so our puppies meet vacuum cleaners, doorbells, toddlers and the family cat long before they meet you.\n\nWe breed rarely and carefully, for health, temperament and a lifetime of companionship.',
  healthPoints: [
    'Parents health-tested (OFA hips and elbows, eyes, and genetic panels) before any breeding',
    'Species-appropriate fresh food and minimal, purposeful medication',
    'Early Neurological Stimulation and daily enrichment from day three',
    'Natural rearing: sunshine, clean water, gentle handling and plenty of sleep',
  ],
  processBlocks: [
    {
      title: 'Thoughtful Pairings',
      body: 'We pair parents for health clearances, temperament and coat, never for volume. Each mother has at most one litter a year.',
    },
    {
      title: 'Home-Raised Start',
      body: 'Puppies are born and raised in our home, following the Puppy Culture program for confident, adaptable dogs.',
    },
    {
      title: 'Temperament Testing',
      body: 'At 7 weeks every puppy is temperament tested so we can match each one with the family whose life fits it best.',
    },
    {
      title: 'Go-Home Day',
      body: 'Puppies go home at 8 weeks with a starter kit, their health records and lifetime support from our family.',
    },
  ],
  faq: [
    {
      question: 'What sizes do your Goldendoodles come in?',
      answer: 'Toy 10-15 lbs, Mini 15-25 lbs, Medium 25-45 lbs and Standard 45-70 lbs. Most of our puppies are Minis.',
    },
    { question: 'How much does a puppy cost?', answer: 'Our puppies are $2,500-$3,000 depending on size and litter.' },
    {
      question: 'How do I reserve a puppy?',
      answer: 'Fill out our Family Questionnaire. Once your application is approved, a $500 non-refundable deposit reserves your spot.',
    },
    { question: 'When can our puppy come home?', answer: 'Puppies are picked up at 8 weeks of age.' },
    {
      question: 'Are puppies vaccinated before pickup?',
      answer:
        'No vaccinations are given before pickup. We follow a natural-wellness approach and will talk through a schedule with you and your veterinarian.',
    },
    {
      question: 'Do you temperament test?',
      answer: 'Yes. Temperament testing is done at 7 weeks, and we use it to match each puppy with the right family.',
    },
  ],
};
