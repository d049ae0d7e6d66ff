import { describe, expect, it } from 'vitest';
import { greeting, greetingName } from './greeting.ts';

describe('the name in a confirmation greeting (issue 28, item 10a)', () => {
  it.each([
    'Pat',
    'Mary-Jane O’Neil',
    "D'Angelo",
    'J.R.R. Tolkien',
    'Zoë Åsa Núñez',
    'José',
    'Jose\u0301', // a combining accent
    'Владимир',
    '山田 太郎',
    'محمد',
    'A'.repeat(60),
  ])('keeps %s', (name) => {
    expect(greetingName(name)).toBe(name);
    expect(greeting(name)).toBe(`Hi ${name},`);
  });

  it.each([
    'Win a puppy at evil.example http://evil.example/claim',
    'evil.example',
    'Visit www example',
    'http',
    'Pat http',
    'Agent 007',
    'Pat2',
    '٣ Omar', // a digit of another script
    'Pat <b>',
    'Pat: call now',
    'Pat, click',
    'Pat!',
    'Pat\nBcc: x',
    'Pat\u200bSmith',
    'A'.repeat(61),
    '...',
    "'-",
    '',
    '   ',
  ])('leaves out %j', (name) => {
    expect(greetingName(name)).toBeNull();
    expect(greeting(name)).toBe('Hello,');
  });

  it('greets without a name when none was given', () => {
    expect(greeting(null)).toBe('Hello,');
    expect(greeting(undefined)).toBe('Hello,');
  });
});
