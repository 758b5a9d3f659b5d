/** Letters drawn from strokes: [x, y, width, height] in a 20×34 cell. */
const WARM_UP_GLYPHS: Array<Array<[number, number, number, number]>> = [
  [[8, 0, 5, 34]], // I
  [
    [0, 0, 5, 34],
    [0, 29, 20, 5],
  ], // L
  [
    [0, 0, 20, 5],
    [8, 0, 5, 34],
  ], // T
  [
    [0, 0, 5, 34],
    [0, 0, 20, 5],
    [0, 15, 16, 5],
    [0, 29, 20, 5],
  ], // E
  [
    [0, 0, 5, 34],
    [15, 0, 5, 34],
    [0, 15, 20, 5],
  ], // H
  [
    [0, 0, 5, 34],
    [0, 0, 20, 5],
    [0, 15, 16, 5],
  ], // F
  [
    [0, 0, 5, 34],
    [15, 0, 5, 34],
    [0, 29, 20, 5],
  ], // U
];

/** A photo-sized PGM with lines of block letters: Tesseract finds lines and runs its recognizer, growing its memory once. */
export function warmUpImage(): Buffer {
  const [width, height] = [2000, 1400];
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii');
  const pixels = Buffer.alloc(width * height, 235);
  for (let row = 0; row < 4; row++) {
    for (let n = 0; n < 24; n++) {
      const x0 = 100 + n * 32 + Math.floor(n / 6) * 20;
      const y0 = 100 + row * 300;
      for (const [x, y, w, h] of WARM_UP_GLYPHS[(n * 3 + row) % WARM_UP_GLYPHS.length]) {
        for (let yy = y0 + y; yy < y0 + y + h; yy++) pixels.fill(20, yy * width + x0 + x, yy * width + x0 + x + w);
      }
    }
  }
  return Buffer.concat([header, pixels]);
}
