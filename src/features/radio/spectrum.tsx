/** The spectrum: bars of the analyser's frequency data, drawn while the modal is open. */
import { useEffect, useRef } from 'react';
import { player, radioAnalyser } from './player.ts';

const BARS = 48;

export function Spectrum() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { enabled } = player.use();

  useEffect(() => {
    const element = canvas.current;
    const g = element?.getContext('2d');
    if (!element || !g) return;
    const data = new Uint8Array(64);
    const still = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    let frame = 0;
    const draw = () => {
      const { width, height } = element;
      g.clearRect(0, 0, width, height);
      const analyser = enabled ? radioAnalyser() : null;
      if (analyser) analyser.getByteFrequencyData(data);
      else data.fill(0);
      const w = width / BARS;
      for (let i = 0; i < BARS; i++) {
        const level = data[Math.floor((i * data.length) / BARS)]! / 255;
        const h = Math.max(2, level * height);
        g.fillStyle = `hsl(${28 + i * 2} 95% ${45 + level * 25}%)`;
        g.fillRect(i * w + 1, height - h, Math.max(1, w - 2), h);
      }
      if (!still) frame = requestAnimationFrame(draw);
    };
    draw();
    return () => cancelAnimationFrame(frame);
  }, [enabled]);

  return <canvas ref={canvas} className="radio-spectrum" width={480} height={72} role="img" aria-label={enabled ? 'Spectrum of the song playing' : 'Spectrum (listen to see it move)'} />;
}
