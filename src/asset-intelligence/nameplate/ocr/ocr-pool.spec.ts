import { renderTextLines } from '../../../../test/fixtures/nameplates/render-nameplate';
import { OcrBusyError, OcrError, OcrErrorReason, OcrPool } from './ocr-pool';

describe('OcrPool', () => {
  let plate: Buffer;

  beforeAll(async () => {
    plate = await renderTextLines(['MODEL 24ACC636A003', 'SERIAL 1014E12345']);
  });

  describe('once started', () => {
    const pool = new OcrPool({ size: 2, maxQueue: 1, warmUp: false });
    beforeAll(() => pool.start());
    afterAll(() => pool.stop());

    it('reads text, with its confidence, lines and words', async () => {
      const result = await pool.recognize(plate, { words: true });
      expect(result.text).toContain('24ACC636A003');
      expect(result.text).toContain('1014E12345');
      expect(result.confidence).toBeGreaterThan(0.7);
      expect(result.confidence).toBeLessThanOrEqual(1);
      expect(result.words?.map((w) => w.text)).toEqual(expect.arrayContaining(['MODEL', '24ACC636A003']));
      expect(result.lines).toHaveLength(2);
      expect(result.durationMs).toBeGreaterThan(0);
    });

    it('reads one line with only the whitelisted characters, then any character again', async () => {
      const line = await renderTextLines(['SERIAL 1014E12345']);
      const digits = await pool.recognize(line, { pageSegMode: '7', charWhitelist: '0123456789' });
      expect(digits.text).not.toMatch(/[A-Z]/);
      expect(digits.text).toContain('1014');
      const free = await pool.recognize(line, { pageSegMode: '7' });
      expect(free.text).toContain('SERIAL');
    });

    it('runs one job per worker, queues up to maxQueue, and refuses the next at once as busy', async () => {
      const accepted = [pool.recognize(plate), pool.recognize(plate), pool.recognize(plate)];
      expect(pool.queueLength).toBe(1);
      const refused = pool.recognize(plate);
      await expect(refused).rejects.toBeInstanceOf(OcrBusyError);
      await expect(refused).rejects.toMatchObject({ reason: OcrErrorReason.Busy, retryAfterSeconds: expect.any(Number) });
      const results = await Promise.all(accepted);
      for (const result of results) expect(result.text).toContain('1014E12345');
      expect(pool.queueLength).toBe(0);
    });

    it('times a job out, replaces its worker, and keeps serving', async () => {
      await expect(pool.recognize(plate, { timeoutMs: 1 })).rejects.toMatchObject({ reason: OcrErrorReason.Timeout });
      const [a, b] = await Promise.all([pool.recognize(plate), pool.recognize(plate)]);
      expect(a.text).toContain('24ACC636A003');
      expect(b.text).toContain('24ACC636A003');
    });

    it('reports bytes that are not an image as a failed job, and stays usable', async () => {
      await expect(pool.recognize(Buffer.from('this is not an image at all'))).rejects.toMatchObject({ reason: OcrErrorReason.Failed });
      expect((await pool.recognize(plate)).text).toContain('1014E12345');
    });
  });

  it('refuses jobs before start and after stop; stop refuses queued jobs but finishes running ones', async () => {
    const pool = new OcrPool({ size: 1, maxQueue: 2, warmUp: false });
    await expect(pool.recognize(plate)).rejects.toMatchObject({ reason: OcrErrorReason.NotStarted });
    await pool.start();
    await pool.start();
    const running = pool.recognize(plate);
    const queued = pool.recognize(plate);
    const stopped = pool.stop();
    await expect(pool.recognize(plate)).rejects.toMatchObject({ reason: OcrErrorReason.Stopped });
    await expect(queued).rejects.toMatchObject({ reason: OcrErrorReason.Stopped });
    expect((await running).text).toContain('24ACC636A003');
    await stopped;
    await pool.stop();
    await expect(pool.recognize(plate)).rejects.toBeInstanceOf(OcrError);
  });

  it('fails fast, with the path in the message, when the language model is missing', async () => {
    await expect(new OcrPool({ langPath: '/nowhere/tessdata' }).start()).rejects.toThrow('/nowhere/tessdata/eng.traineddata.gz');
  });

  it('sizes itself to the machine by default', () => {
    expect(new OcrPool().size).toBeGreaterThanOrEqual(1);
  });
});
