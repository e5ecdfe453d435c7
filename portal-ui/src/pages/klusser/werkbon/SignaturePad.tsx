import { forwardRef, useImperativeHandle, useRef, type PointerEvent } from 'react';
import { WT } from './texts';

/**
 * The signature canvas, drawn with a finger, a pen or a mouse: 600 wide as section 9 says, but 360
 * high instead of its 120. Scaled to a phone (about 310 px wide in the dialog) 600 by 120 was a
 * strip 62 px high, too small to sign in with a finger (issue 29); 5:3 makes it 186 px there.
 */
export const SIGNATURE_WIDTH = 600;
export const SIGNATURE_HEIGHT = 360;

export interface SignatureHandle {
  isEmpty(): boolean;
  /** The drawing as a PNG data URL. */
  toDataURL(): string;
  clear(): void;
}

interface Props {
  labelId: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  onDraw?: () => void;
}

/**
 * A drawing surface that scales to the screen width while keeping its 600x360 pixels: pointer
 * positions are mapped from the shown size to the canvas's own. touch-action: none keeps the page
 * from scrolling while the customer signs.
 */
export const SignaturePad = forwardRef<SignatureHandle, Props>(function SignaturePad({ labelId, describedBy, invalid, onDraw }, ref) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const strokes = useRef(0);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const c = e.currentTarget;
    const r = c.getBoundingClientRect();
    return { x: ((e.clientX - r.left) / r.width) * c.width, y: ((e.clientY - r.top) / r.height) * c.height };
  };

  const context = () => {
    const ctx = canvas.current?.getContext('2d') ?? null;
    if (ctx !== null) {
      ctx.lineWidth = 3;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#111';
    }
    return ctx;
  };

  useImperativeHandle(ref, () => ({
    isEmpty: () => strokes.current === 0,
    toDataURL: () => canvas.current?.toDataURL('image/png') ?? '',
    clear: () => {
      const c = canvas.current;
      c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
      strokes.current = 0;
    },
  }));

  return (
    <canvas
      ref={canvas}
      className={invalid === true ? 'signature-pad signature-pad-invalid' : 'signature-pad'}
      width={SIGNATURE_WIDTH}
      height={SIGNATURE_HEIGHT}
      role="img"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={invalid === true || undefined}
      onPointerDown={(e) => {
        const ctx = context();
        if (ctx === null) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        drawing.current = true;
        const p = point(e);
        ctx.beginPath();
        ctx.moveTo(p.x, p.y);
        ctx.lineTo(p.x + 0.5, p.y + 0.5);
        ctx.stroke();
        strokes.current++;
        onDraw?.();
      }}
      onPointerMove={(e) => {
        if (!drawing.current) return;
        const ctx = context();
        if (ctx === null) return;
        const p = point(e);
        ctx.lineTo(p.x, p.y);
        ctx.stroke();
      }}
      onPointerUp={() => {
        drawing.current = false;
      }}
      onPointerCancel={() => {
        drawing.current = false;
      }}
    >
      {WT.signatureHint}
    </canvas>
  );
});
