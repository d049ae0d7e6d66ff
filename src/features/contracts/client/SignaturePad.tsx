// An optional drawn signature: a canvas drawn on with a finger, pen or mouse, handed back as a PNG data URL.
// Typing the name is the signature; drawing adds to it, so the pad is never needed to sign (keyboard users too).
import { useEffect, useRef, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';

const WIDTH = 320;
const HEIGHT = 110;

export function SignaturePad({ onChange }: { onChange: (png: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.lineWidth = 2.2;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#1a1a1a';
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - rect.left) / rect.width) * WIDTH, y: ((e.clientY - rect.top) / rect.height) * HEIGHT };
  };
  const start = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const { x, y } = point(e);
    ctx.beginPath();
    ctx.moveTo(x, y);
  };
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    const { x, y } = point(e);
    ctx.lineTo(x, y);
    ctx.stroke();
  };
  const end = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    setDrawn(true);
    onChange(e.currentTarget.toDataURL('image/png'));
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    setDrawn(false);
    onChange(null);
  };

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="signature-pad-label">
        Draw your signature (optional)
      </Text>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-labelledby="signature-pad-label"
        aria-describedby="signature-pad-hint"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        style={{
          width: '100%',
          maxWidth: WIDTH,
          height: 'auto',
          aspectRatio: `${WIDTH} / ${HEIGHT}`,
          touchAction: 'none',
          background: '#fff',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 4,
        }}
      />
      <Group gap="xs">
        <Text size="xs" c="dimmed" id="signature-pad-hint">
          {drawn ? 'Your drawn signature will be added to the contract.' : 'Your typed name is your signature; a drawing is added to it.'}
        </Text>
        {drawn && (
          <Button size="compact-xs" variant="subtle" onClick={clear}>
            Clear the drawing
          </Button>
        )}
      </Group>
    </Stack>
  );
}
