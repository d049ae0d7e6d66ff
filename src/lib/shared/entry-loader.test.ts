// The build's index.html starts the app through ENTRY_LOADER; what the browser does with it is proven in
// e2e/ssr.spec.ts (the code starts after the first contentful paint, and the page hydrates).
import { describe, expect, it } from 'vitest';
import { deferEntryScript, ENTRY_LOADER } from './entry-loader.ts';

const vite = `<head>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-XyZ.css">
  </head>`;

describe('deferEntryScript', () => {
  it("replaces Vite's module script with the loader, carrying the entry's address", () => {
    const html = deferEntryScript(vite);
    expect(html).not.toContain('type="module"');
    expect(html).toContain(`<script data-entry="/assets/index-AbC123.js">${ENTRY_LOADER}</script>`);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-XyZ.css">');
  });

  it('puts the loader after the stylesheet, so the body is not parsed (and laid out) before its styles arrive', () => {
    const html = deferEntryScript(vite);
    expect(html.indexOf('<script data-entry=')).toBeGreaterThan(html.indexOf('<link rel="stylesheet"'));
    expect(html.indexOf('<script data-entry=')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toMatch(/\n\s*\n/);
  });

  it('keeps the loader the same text whatever the entry is called, so its hash in the CSP holds', () => {
    const other = deferEntryScript(vite.replace('index-AbC123', 'index-Other9'));
    const text = (html: string) => /<script data-entry="[^"]+">([^<]*)<\/script>/.exec(html)?.[1];
    expect(text(other)).toBe(text(deferEntryScript(vite)));
  });

  it('leaves a document without an entry script as it is', () => {
    expect(deferEntryScript('<head></head>')).toBe('<head></head>');
  });
});
