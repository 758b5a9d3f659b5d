import { findTextRegions, type ProbabilityMap } from './text-regions';

/** A map of zeros with `value` painted where `inside(x, y)` holds. */
function map(width: number, height: number, paint: Array<{ inside: (x: number, y: number) => boolean; value: number }>): ProbabilityMap {
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) for (const p of paint) if (p.inside(x, y)) data[y * width + x] = p.value;
  return { data, width, height };
}

describe('findTextRegions', () => {
  it('fits a level line with its length, thickness grown back by the unclip offset, and its score', () => {
    const [region, ...rest] = findTextRegions(map(200, 60, [{ inside: (x, y) => x >= 20 && x < 180 && y >= 25 && y < 35, value: 0.9 }]));
    expect(rest).toHaveLength(0);
    expect(region.ux).toBeCloseTo(1, 5);
    expect(region.uy).toBeCloseTo(0, 5);
    expect(region.cx).toBeCloseTo(99.5, 1);
    expect(region.cy).toBeCloseTo(29.5, 1);
    // Core 160 × 10, grown on every side by area × 1.5 / perimeter = 1600 × 1.5 / 340.
    const grow = (160 * 10 * 1.5) / (2 * (160 + 10));
    expect(region.length).toBeCloseTo(160 + 2 * grow, 3);
    expect(region.thickness).toBeCloseTo(10 + 2 * grow, 3);
    expect(region.score).toBeCloseTo(0.9, 5);
  });

  it('follows a sideways line: its direction points down the photo', () => {
    const [region] = findTextRegions(map(60, 200, [{ inside: (x, y) => x >= 25 && x < 35 && y >= 20 && y < 180, value: 0.8 }]));
    expect(Math.abs(region.ux)).toBeCloseTo(0, 5);
    expect(region.uy).toBeCloseTo(1, 5);
  });

  it('follows a tilted line at its angle', () => {
    const slope = Math.tan((20 * Math.PI) / 180);
    const [region] = findTextRegions(map(300, 200, [{ inside: (x, y) => x >= 30 && x < 270 && Math.abs(y - (40 + slope * x)) < 5, value: 0.9 }]));
    expect((Math.atan2(region.uy, region.ux) * 180) / Math.PI).toBeCloseTo(20, 0);
  });

  it('drops specks, faint regions, and keeps separate lines apart, largest first', () => {
    const regions = findTextRegions(
      map(200, 100, [
        { inside: (x, y) => x >= 10 && x < 190 && y >= 10 && y < 20, value: 0.9 },
        { inside: (x, y) => x >= 10 && x < 100 && y >= 40 && y < 50, value: 0.7 },
        { inside: (x, y) => x >= 10 && x < 150 && y >= 70 && y < 80, value: 0.45 },
        { inside: (x, y) => x >= 180 && x < 182 && y >= 90 && y < 92, value: 0.99 },
      ]),
    );
    expect(regions.map((r) => Math.round(r.cy))).toEqual([15, 45]);
  });
});
