// The signature pad in Chromium: a stroke drawn with a real pointer paints the canvas and hands back its PNG; clearing
// empties both; a pointer passing over without pressing draws nothing (the contract journey signs with a typed name).
import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from '../../../lib/client/testing/render.tsx';
import { SignaturePad } from './SignaturePad.tsx';

const pad = () => page.getByRole('img', { name: 'Draw your signature (optional)' });
const canvas = () => pad().element() as HTMLCanvasElement;
/** How many of the canvas's pixels are painted. */
function inked(c: HTMLCanvasElement): number {
  const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
  let n = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
  return n;
}
/** A PNG data URL's pixels, painted or not, read back through an image. */
async function inkedIn(png: string): Promise<number> {
  const img = new Image();
  img.src = png;
  await img.decode();
  const c = document.createElement('canvas');
  c.width = img.width;
  c.height = img.height;
  c.getContext('2d')!.drawImage(img, 0, 0);
  return inked(c);
}

const stroke = () =>
  userEvent.pointer([
    { target: pad(), coords: { x: 20, y: 30 }, keys: '[MouseLeft>]' },
    { target: pad(), coords: { x: 120, y: 60 } },
    { target: pad(), coords: { x: 220, y: 40 } },
    { target: pad(), coords: { x: 240, y: 70 }, keys: '[/MouseLeft]' },
  ]);

describe('SignaturePad', () => {
  test('starts blank, says the typed name is the signature, and offers no Clear', async () => {
    const onChange = vi.fn();
    render(<SignaturePad onChange={onChange} />);
    await expect.element(pad()).toBeVisible();
    await expect.element(pad()).toHaveAccessibleDescription('Your typed name is your signature; a drawing is added to it.');
    await expect.element(page.getByRole('button', { name: 'Clear the drawing' })).not.toBeInTheDocument();
    expect(inked(canvas())).toBe(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  test('a stroke paints the canvas and hands back the same drawing as a PNG', async () => {
    const onChange = vi.fn();
    render(<SignaturePad onChange={onChange} />);
    await stroke();
    await expect.element(pad()).toHaveAccessibleDescription('Your drawn signature will be added to the contract.');
    expect(onChange).toHaveBeenCalledTimes(1);
    const png = onChange.mock.calls[0][0] as string;
    expect(png).toMatch(/^data:image\/png;base64,/);
    const painted = inked(canvas());
    expect(painted).toBeGreaterThan(100);
    expect(await inkedIn(png)).toBe(painted);
  });

  test('Clear empties the canvas, hands back null and returns to the typed-name hint', async () => {
    const onChange = vi.fn();
    render(<SignaturePad onChange={onChange} />);
    await stroke();
    await page.getByRole('button', { name: 'Clear the drawing' }).click();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(inked(canvas())).toBe(0);
    await expect.element(pad()).toHaveAccessibleDescription('Your typed name is your signature; a drawing is added to it.');
    await expect.element(page.getByRole('button', { name: 'Clear the drawing' })).not.toBeInTheDocument();
  });

  test('a pointer moving over the pad without pressing draws nothing', async () => {
    const onChange = vi.fn();
    render(<SignaturePad onChange={onChange} />);
    await userEvent.pointer([
      { target: pad(), coords: { x: 20, y: 30 } },
      { target: pad(), coords: { x: 200, y: 80 } },
    ]);
    expect(inked(canvas())).toBe(0);
    expect(onChange).not.toHaveBeenCalled();
  });
});
