import { adaptiveThreshold } from './adaptive-threshold';
import type { Gray } from './gray-image';

/** A plate lit from the left: background falls from 230 to 110, with a 6×6 stroke 40 darker than its surroundings on each side. */
function unevenPlate(): Gray {
  const width = 120;
  const height = 40;
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = 230 - x;
  for (const left of [10, 100]) for (let y = 17; y < 23; y++) for (let x = left; x < left + 6; x++) data[y * width + x] -= 40;
  // One lone dark speck of grain.
  data[5 * width + 60] = 0;
  return { data, width, height };
}

describe('adaptiveThreshold', () => {
  it('finds faint strokes on both the bright and the dark side of uneven light, and drops lone specks', () => {
    const out = adaptiveThreshold(unevenPlate(), 10, 0.1);
    const at = (x: number, y: number) => out.data[y * out.width + x];
    expect(at(12, 19)).toBe(0);
    expect(at(102, 19)).toBe(0);
    expect(at(50, 30)).toBe(255);
    expect(at(110, 5)).toBe(255);
    expect(at(60, 5)).toBe(255);
  });

  it('leaves a flat image blank', () => {
    const flat = { data: Buffer.alloc(50 * 50, 128), width: 50, height: 50 };
    expect(adaptiveThreshold(flat, 8).data.every((v) => v === 255)).toBe(true);
  });
});
