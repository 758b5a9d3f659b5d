import { ImagePreprocessor } from '../../image/image-preprocessor';
import { renderTextLines } from '../../../../../test/fixtures/nameplates/render-nameplate';
import { OcrBusyError, OcrError, OcrErrorReason } from '../ocr-pool.types';
import type { PpOcrInput } from './pp-ocr-engine';
import { PpOcrPool } from './pp-ocr-pool';

describe('PpOcrPool', () => {
  let input: PpOcrInput;

  beforeAll(async () => {
    const photo = await renderTextLines(['MODEL 24ACC636A003', 'SERIAL 1014E12345']);
    input = await new ImagePreprocessor().preprocessColour(photo, undefined, { readLongSide: 2000, detectLongSide: 1280 });
  });

  it('refuses work before it is started', async () => {
    await expect(new PpOcrPool({ size: 1 }).read(input)).rejects.toMatchObject({ reason: OcrErrorReason.NotStarted });
  });

  describe('once started', () => {
    const pool = new PpOcrPool({ size: 1, maxQueue: 1 });
    beforeAll(() => pool.start(), 60_000);
    afterAll(() => pool.stop());

    it('reads the lines, with their boxes, top to bottom', async () => {
      const result = await pool.read(input);
      // The recognizer may run a label into its value ("MODEL24ACC636A003"); the parser splits them again.
      expect(result.lines?.map((l) => l.text.replace(/ /g, ''))).toEqual(['MODEL24ACC636A003', 'SERIAL1014E12345']);
      expect(result.confidence).toBeGreaterThan(0.8);
      const [model, serial] = result.lines!;
      expect(model.bbox.y1).toBeLessThanOrEqual(serial.bbox.y0 + 5);
      expect(model.bbox.x1 - model.bbox.x0).toBeGreaterThan(300);
      expect(result.textAngle).toBe(0);
    });

    it('runs one photo per thread, queues up to maxQueue, and refuses the next at once as busy', async () => {
      const accepted = [pool.read(input), pool.read(input)];
      expect(pool.queueLength).toBe(1);
      const refused = pool.read(input);
      await expect(refused).rejects.toBeInstanceOf(OcrBusyError);
      await expect(refused).rejects.toMatchObject({ retryAfterSeconds: expect.any(Number) });
      await expect(Promise.all(accepted)).resolves.toHaveLength(2);
    });
  });

  it('fails a photo that runs over time at once, and its thread, once done with it, reads the next photo', async () => {
    const pool = new PpOcrPool({ size: 1, timeoutMs: 1 });
    await pool.start();
    try {
      const late = pool.read(input);
      const next = pool.read(input);
      await expect(late).rejects.toMatchObject({ reason: OcrErrorReason.Timeout });
      // The same thread takes the queued photo after the late one: it times out too at 1 ms, but it ran.
      await expect(next).rejects.toMatchObject({ reason: OcrErrorReason.Timeout });
      expect(pool.queueLength).toBe(0);
    } finally {
      await pool.stop();
    }
  }, 60_000);

  it('ends its threads on stop without ending the process while a model is running', async () => {
    const pool = new PpOcrPool({ size: 1, timeoutMs: 1 });
    await pool.start();
    await expect(pool.read(input)).rejects.toMatchObject({ reason: OcrErrorReason.Timeout });
    // stop() waits for the late photo to finish before ending the thread.
    await pool.stop();
    expect(pool.queueLength).toBe(0);
  }, 60_000);

  it('refuses queued photos when stopping and lets the running one finish', async () => {
    const pool = new PpOcrPool({ size: 1, maxQueue: 2 });
    await pool.start();
    const running = pool.read(input);
    const queued = pool.read(input);
    const stopped = pool.stop();
    await expect(queued).rejects.toBeInstanceOf(OcrError);
    await expect(queued).rejects.toMatchObject({ reason: OcrErrorReason.Stopped });
    await expect(running).resolves.toMatchObject({ text: expect.stringContaining('1014E12345') });
    await stopped;
  }, 60_000);
});
