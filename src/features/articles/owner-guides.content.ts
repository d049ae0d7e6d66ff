// Owner resources: guides for families bringing home one of our puppies (the demo content until articles live in the database).
import type { Article } from './articles.schema.ts';

const guide = (g: Omit<Article, 'kind' | 'date'>): Article => ({ ...g, kind: 'resource', date: null });

export const OWNER_GUIDES: Article[] = [
  guide({
    slug: 'feeding-guide',
    title: 'Feeding Guide',
    summary: 'What, how much and how often to feed your puppy, and how to change foods without an upset tummy.',
    body: [
      'Your puppy goes home with a starter bag of the food they have been eating with us. Keeping the same food for the first couple of weeks avoids one more change during a big transition.',
      { heading: 'How often' },
      {
        list: [
          '8 to 12 weeks: four small meals a day',
          '3 to 6 months: three meals a day',
          '6 months and older: two meals a day',
        ],
      },
      { heading: 'How much' },
      'Start with the amount on your puppy feeding sheet and adjust by body condition rather than by the bag. You should be able to feel, but not see, the ribs, and see a waist when looking down from above. Puppies grow in spurts, so check every week or two.',
      'Training treats count. If you are doing lots of training, take a little out of the meals.',
      { heading: 'Changing foods' },
      'If you want to switch foods, do it over 7 to 10 days: a quarter new food for a few days, then half, then three quarters, then all new. Loose stools mean slow down.',
      { heading: 'Fresh water, always' },
      'Keep clean water available all day. Many families pick the water bowl up an hour or two before bedtime during house-training; talk to your vet if your puppy seems unusually thirsty.',
      { heading: 'Foods to keep away' },
      {
        list: [
          'Chocolate, grapes and raisins, onions and garlic',
          'Xylitol (in sugar-free gum, some peanut butters and baked goods)',
          'Cooked bones, which splinter',
          'Fatty table scraps, which can cause pancreatitis',
        ],
      },
    ],
  }),
  guide({
    slug: 'vaccinations-and-vet-care',
    title: 'Vaccinations and Vet Care',
    summary: 'We do not vaccinate before pickup. How to plan your puppy\'s first vet visits and vaccination schedule with your veterinarian.',
    body: [
      'Puppies go home at 8 weeks of age. We follow a natural-wellness approach, and no vaccinations are given before pickup. That means you and your veterinarian decide together on the vaccination plan from the very first shot.',
      { heading: 'Book the first visit before pickup' },
      'Schedule a wellness exam for the first week home. Bring the health records from your puppy packet: the dates of the vet check, deworming and anything else we have recorded for your puppy.',
      { heading: 'Questions to ask your vet' },
      {
        list: [
          'Which core vaccines do you recommend, and on what schedule, for a puppy who has had none yet?',
          'Which non-core vaccines make sense where we live and for how we will spend time outdoors in Colorado?',
          'What deworming and flea, tick and heartworm prevention do you recommend?',
          'When is the right time to spay or neuter a mini Goldendoodle?',
          'Can we do a titer test later instead of automatic boosters?',
        ],
      },
      { heading: 'Until the vaccination series is done' },
      'Your vet will tell you when your puppy is protected. Until then, avoid dog parks, pet-store floors and places where lots of unknown dogs go. Socialization still matters: carry your puppy to new places, invite vaccinated, healthy dogs of friends over, and enroll in a puppy class that checks vaccination records.',
      { heading: 'Call your vet right away if your puppy' },
      {
        list: [
          'Vomits more than once or has bloody diarrhea',
          'Will not eat for a whole day, or seems unusually tired',
          'Has trouble breathing, a swollen face, or may have eaten something toxic',
        ],
      },
      'And please let us know too. We stay available to every family for the life of the dog.',
    ],
  }),
  guide({
    slug: 'training-basics',
    title: 'Training Basics',
    summary: 'House-training, crate training and the first cues, using the same gentle methods your puppy started with here.',
    body: [
      'Your puppy already knows a few things: they have started potty training on a litter area, they have spent time in a crate, and they have learned to sit to say please. Building on that is easiest with short sessions, lots of rewards and a consistent routine.',
      { heading: 'House-training' },
      {
        list: [
          'Take your puppy out after sleeping, eating and playing, and every 1 to 2 hours in between',
          'Go to the same spot, wait quietly, and praise and reward right as they finish',
          'Supervise indoors; when you cannot watch, use the crate or the puppy pen',
          'Accidents happen: clean with an enzyme cleaner and do not scold, just go out more often',
        ],
      },
      { heading: 'Crate training' },
      'Make the crate the best place in the house: meals in the crate, a special chew that only appears there, and a cover over the top for a den feeling. Start with short stays while you are home so the crate never means being left alone.',
      { heading: 'First cues' },
      'Keep sessions to two or three minutes, several times a day. Start with the puppy\'s name, sit, down, come, and touch (nose to your hand). Reward with tiny soft treats or pieces of their kibble.',
      { heading: 'Nipping' },
      'Puppies explore with their mouths. When teeth touch skin, calmly redirect to a toy. If your puppy is wild and bitey, they are usually overtired: a potty break and a nap fix more nipping than any training trick.',
      { heading: 'Puppy class' },
      'A positive-reinforcement puppy class is one of the best things you can do, for training and for safe socialization. Look for small classes that check vaccination records.',
    ],
  }),
  guide({
    slug: 'supply-list',
    title: 'Puppy Supply List',
    summary: 'Everything to have ready at home before pickup day, in one printable list.',
    body: [
      'Here is everything we recommend having at home before your puppy arrives. You do not need the fanciest version of anything.',
      { heading: 'Sleeping and safe space' },
      {
        list: [
          'Wire crate with a divider (30 inches fits most adult minis)',
          'Crate pad, towels or an old blanket',
          'Exercise pen or baby gates',
        ],
      },
      { heading: 'Food and water' },
      {
        list: [
          'The food your puppy already eats (a starter bag comes home with them)',
          'Stainless steel food and water bowls',
          'Small, soft training treats',
          'A treat pouch for walks and training',
        ],
      },
      { heading: 'Walking and ID' },
      {
        list: [
          'Adjustable flat collar or harness',
          'ID tag with your phone number',
          '6-foot leash',
        ],
      },
      { heading: 'Grooming' },
      {
        list: [
          'Slicker brush and a metal comb',
          'Gentle puppy shampoo and conditioner',
          'Nail clippers or a nail grinder',
          'Vet-recommended ear cleaner',
        ],
      },
      { heading: 'Toys and cleaning' },
      {
        list: [
          'Chew toys of different textures, and a puzzle feeder',
          'Enzyme cleaner for accidents',
          'Poop bags',
        ],
      },
    ],
  }),
];
