// The blog's articles, written by the breeder (the demo content until articles live in the database).
import { slugify } from '../../lib/shared/format.ts';
import type { Article } from './articles.schema.ts';

const post = (p: Omit<Article, 'kind' | 'slug'>): Article => ({ ...p, kind: 'blog', slug: slugify(p.title) });

/** Newest first. */
export const BLOG_POSTS: Article[] = [
  post({
    title: 'Getting Ready for Your Puppy: A Checklist',
    date: '2026-10-14',
    summary:
      'Pickup day comes quickly. Here is what we ask every family to have at home before their puppy arrives, and a few things you can skip.',
    body: [
      'Puppies go home with us at 8 weeks, and the two weeks before pickup fly by. Families who prepare ahead have calmer first nights, so here is the list we send to everyone on our waitlist.',
      { heading: 'The essentials' },
      {
        list: [
          'A wire crate with a divider (a 30-inch crate fits most adult minis; the divider keeps it puppy-sized for now)',
          'A soft crate pad or old towels you do not mind losing to teething',
          'The food your puppy already eats: we send a starter bag, and you can switch slowly later if you want to',
          'Stainless steel food and water bowls',
          'A flat collar or harness, an ID tag with your phone number, and a 6-foot leash',
          'Enzyme cleaner for accidents (regular cleaners leave a scent that invites a repeat)',
          'Chew toys of different textures: rubber, rope and something soft to carry around',
        ],
      },
      { heading: 'Set up a puppy zone' },
      'Pick one easy-to-clean room, usually the kitchen, and use an exercise pen or baby gates to make a small area with the crate, water and a few toys. A puppy who can roam the whole house will find every cord and shoe in it, and will have accidents out of sight.',
      'Put the crate where the family spends its evenings. Puppies are pack animals; a crate in a far-off room feels like exile.',
      { heading: 'Before pickup day' },
      {
        list: [
          'Book a wellness visit with your veterinarian for the first week home and bring the health records we give you',
          'Talk through a vaccination schedule with your vet: we do not vaccinate before pickup, so your vet will plan the first round',
          'Agree as a family on house rules (is the couch allowed?) and on the words you will use for potty and sit',
          'Walk through the house at puppy height and move anything you would not want chewed',
        ],
      },
      { heading: 'What you can skip' },
      'You do not need a closet full of outfits, a large dog bed (it will become a chew toy) or puppy pads if you plan to house-train outdoors; pads can teach a puppy that indoors is fine.',
      'If you are unsure about anything on this list, call or text us. We would much rather answer a question now than after a long first night.',
    ],
  }),
  post({
    title: 'The First Week Home',
    date: '2026-09-22',
    summary:
      'What to expect from your puppy in the first seven days: sleep, potty breaks, crying at night and how to keep the excitement manageable.',
    body: [
      'Your puppy has spent eight weeks with their mother, their littermates and our family. Coming home with you is the biggest change of their young life, so the first week is about routine and rest, not adventures.',
      { heading: 'Keep the first days quiet' },
      'It is tempting to invite everyone over to meet the new puppy. Please wait a week. Let your puppy learn your home, your voices and your schedule first; visitors can come once the puppy is eating well and sleeping through most of the night.',
      { heading: 'Sleep, and lots of it' },
      'Young puppies sleep 18 to 20 hours a day. A puppy who is overtired gets bitey and wild, much like a toddler who skipped a nap. After an hour of play, take your puppy out to potty and then settle them in the crate with a chew.',
      { heading: 'Potty breaks' },
      {
        list: [
          'Right after waking up, after eating, and after playing',
          'Every 1 to 2 hours during the day at first',
          'Once or twice during the night for the first couple of weeks',
          'Always to the same spot, with a calm word of praise when they go',
        ],
      },
      { heading: 'The first nights' },
      'Expect some crying the first night or two. Place the crate beside your bed so your puppy can hear and smell you, and give them the blanket we send home, which smells like their littermates. If they wake and cry in the night, take them out to potty quietly, with no play, then straight back to the crate.',
      { heading: 'Your first vet visit' },
      'Schedule a wellness exam during the first week. Bring the health records from your puppy packet and ask your vet to set the vaccination and deworming plan that fits your area and your puppy.',
      'Most of all, enjoy it. Send us pictures: we love hearing how our puppies settle in.',
    ],
  }),
  post({
    title: 'Goldendoodle Coat Care: Brushing, Bathing and Grooming',
    date: '2026-08-18',
    summary:
      'Doodle coats are low-shedding, but they are not low-maintenance. A simple routine that keeps mats away and makes grooming visits easy.',
    body: [
      'The coat is one of the reasons families love Goldendoodles: soft, wavy or curly, and low-shedding. The other side of that coin is that the hair the dog does not shed stays in the coat, and without brushing it tangles into mats close to the skin.',
      { heading: 'Brushing' },
      'Brush two or three times a week, and every day once the adult coat starts coming in (usually between 5 and 10 months). Use a slicker brush to lift the coat, then go through with a metal comb down to the skin. If the comb catches, you have found a tangle.',
      'Pay special attention to the places that mat first: behind the ears, the armpits, the collar line and the backs of the legs.',
      { heading: 'Start young' },
      'We begin handling paws, ears and faces in the whelping box, and we brush our puppies before they go home. Keep it up: short, happy sessions with treats now make a relaxed grooming client later.',
      { heading: 'Bathing' },
      'A bath every 4 to 6 weeks is plenty, using a gentle dog shampoo and conditioner. Brush out the coat before the bath, because water tightens tangles into mats. Dry thoroughly, especially the ears.',
      { heading: 'Professional grooming' },
      'Plan on a groomer every 6 to 8 weeks once your puppy is older. Book a short puppy introduction visit early, just a bath, a nail trim and a face tidy, so the sounds and the table become familiar.',
      { heading: 'Ears and nails' },
      'Doodle ears are floppy and hairy, which traps moisture. Check them weekly and clean with a vet-recommended ear cleaner if they look waxy. Trim nails every couple of weeks, or whenever you hear them clicking on the floor.',
    ],
  }),
  post({
    title: 'What Is Puppy Culture?',
    date: '2026-07-09',
    summary:
      'Puppy Culture is the early-socialization program we follow with every litter. Here is what it is and what it means for your puppy.',
    body: [
      'Puppy Culture is a step-by-step program for the first twelve weeks of a puppy\'s life, created by breeder and trainer Jane Killion. It gives breeders a plan for each developmental stage, from newborn to go-home day, so that puppies grow into confident, resilient and friendly dogs.',
      { heading: 'What we do with every litter' },
      {
        list: [
          'Early Neurological Stimulation from days 3 to 16: a few seconds a day of gentle handling exercises',
          'Sound and sight exposure: doorbells, thunder, vacuum cleaners, children laughing, all at a gentle volume first',
          'New surfaces and small challenges: grass, gravel, a wobble board, a tunnel, a shallow puppy pool',
          'Manding: puppies learn to sit politely to ask for attention instead of jumping',
          'The start of potty training with a litter box area separate from the sleeping area',
          'Recovery practice: a small surprise followed by a treat, teaching puppies to bounce back quickly',
        ],
      },
      { heading: 'Why it matters' },
      'The weeks before 12 weeks of age are the most important socialization window in a dog\'s life. What a puppy learns to accept calmly then, it tends to accept calmly for life. A puppy raised this way usually settles into a new home faster, sleeps better and handles the vet and the groomer with less worry.',
      { heading: 'Keep it going at home' },
      'Socialization does not stop at pickup. Keep introducing your puppy to new people, places and sounds at a pace they are comfortable with, pair new things with treats, and let them watch from a distance when something feels big. We are always happy to suggest next steps.',
    ],
  }),
];
