import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { pngDeclaring } from '../fixtures/nameplates/png-declaring';
import { renderNameplate, SAMPLE_NAMEPLATES } from '../fixtures/nameplates/render-nameplate';
import { ServiceProcess, startService } from '../support/processes';
import { openTestDataSource } from '../support/test-database';
import { createTokenInDb } from './tenant-data';

/**
 * Hostile and clumsy uploads against the real service process, with one OCR worker, a queue of
 * one and a 2-second request timeout: bombs, broken and disguised files, a trickled upload, and
 * more concurrent photos than the pool takes. The process gets a private TMPDIR, so any file an
 * upload leaves behind is seen, and its peak memory (VmHWM) is read from /proc.
 */
const REQUEST_TIMEOUT_MS = 2000;
const UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
const BURST = 12;

/** A tiny TIFF whose header declares width × height 8-bit gray pixels. */
function tiffDeclaring(width: number, height: number): Buffer {
  const entries: [number, number, number][] = [
    [256, 4, width], // ImageWidth, LONG
    [257, 4, height], // ImageLength
    [258, 3, 8], // BitsPerSample, SHORT
    [259, 3, 1], // Compression: none
    [262, 3, 1], // Photometric: black is zero
    [273, 4, 8 + 2 + 10 * 12 + 4], // StripOffsets: right after the IFD
    [277, 3, 1], // SamplesPerPixel
    [278, 4, height], // RowsPerStrip
    [279, 4, 16], // StripByteCounts
    [284, 3, 1], // PlanarConfiguration
  ];
  const out = Buffer.alloc(8 + 2 + entries.length * 12 + 4 + 16);
  out.write('II*\0', 0, 'latin1');
  out.writeUInt32LE(8, 4);
  out.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    out.writeUInt16LE(tag, at);
    out.writeUInt16LE(type, at + 2);
    out.writeUInt32LE(1, at + 4);
    if (type === 3) out.writeUInt16LE(value, at + 8);
    else out.writeUInt32LE(value, at + 8);
  });
  return out;
}

/** A real JPEG whose frame header (SOF0) is rewritten to declare width × height. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888888' } })
      .jpeg({ progressive: false })
      .toBuffer(),
  );
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/** Process memory from /proc: current and peak resident set, in MiB. */
function memoryOf(pid: number): { rssMiB: number; peakMiB: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(status.match(new RegExp(`${name}:\\s+(\\d+) kB`))![1]);
  return { rssMiB: Math.round(kib('VmRSS') / 1024), peakMiB: Math.round(kib('VmHWM') / 1024) };
}

/** Measured outcomes, printed once at the end for RELIABILITY.md. */
const measured: string[] = [];

describe('nameplate upload abuse, against the service process', () => {
  let ds: DataSource;
  let service: ServiceProcess;
  let token: string;
  let tmp: string;
  let tmpBefore: string[];
  let plate: Buffer;

  beforeAll(async () => {
    ds = await openTestDataSource();
    token = (await createTokenInDb(ds, 'uploads')).token;
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'woi-upload-tmp-'));
    service = await startService(
      {
        DATABASE_URL: process.env.DATABASE_URL!,
        TMPDIR: tmp,
        OCR_WORKERS: '1',
        OCR_MAX_QUEUE: '1',
        OCR_START_AT_BOOT: 'true',
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
        LOG_LEVEL: 'warn',
      },
      90_000,
    );
    plate = await renderNameplate('condenser', SAMPLE_NAMEPLATES.condenser, { format: 'jpeg', jpegQuality: 85 });
    // Warm-up: the first photo waits for the workers to load.
    expect((await upload(plate)).status).toBe(200);
    tmpBefore = fs.readdirSync(tmp);
  }, 150_000);

  afterAll(async () => {
    process.stdout.write(`\nUpload abuse (OCR_WORKERS=1, OCR_MAX_QUEUE=1, HTTP_REQUEST_TIMEOUT_MS=${REQUEST_TIMEOUT_MS}):\n${measured.join('\n')}\n`);
    await service?.stop();
    await ds?.destroy();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function upload(
    photo: Buffer,
    name = 'plate.jpg',
    field = 'photo',
  ): Promise<{ status: number; body: Record<string, any>; headers: Headers; ms: number }> {
    const form = new FormData();
    form.append(field, new Blob([photo]), name);
    const started = Date.now();
    const res = await fetch(`${service.baseUrl}/asset-intelligence/analyze-nameplate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as Record<string, any>;
    return { status: res.status, body, headers: res.headers, ms: Date.now() - started };
  }

  /** Log lines of failures the service did not expect (500s, crashes). */
  const unexpectedErrors = () =>
    service
      .output()
      .split('\n')
      .filter((l) => /An unexpected error occurred|INTERNAL_ERROR|uncaught|unhandled/i.test(l));

  function expectError(res: { status: number; body: Record<string, any>; headers: Headers }, status: number, code: string) {
    expect([res.status, res.body.error]).toEqual([status, code]);
    expect(Object.keys(res.body).sort()).toEqual(['details', 'error', 'message', 'requestId', 'statusCode']);
    expect(res.body.requestId).toBe(res.headers.get('x-request-id'));
  }

  describe('decompression bombs are refused from the header, before decoding', () => {
    const bombs: [string, () => Promise<Buffer> | Buffer][] = [
      ['PNG declaring 30000×30000', () => pngDeclaring(30000, 30000)],
      ['PNG declaring 65535×65535', () => pngDeclaring(65535, 65535)],
      ['PNG declaring 1000000×60 (a strip)', () => pngDeclaring(1_000_000, 60)],
      ['JPEG declaring 65000×65000', () => jpegDeclaring(65000, 65000)],
      ['TIFF declaring 100000×100000', () => tiffDeclaring(100_000, 100_000)],
    ];
    it.each(bombs)('%s: 413 too_many_pixels, quickly, without a memory spike', async (_name, make) => {
      const before = memoryOf(service.child.pid!);
      const res = await upload(await make(), 'bomb.png');
      expectError(res, 413, 'PAYLOAD_TOO_LARGE');
      expect(res.body.details).toEqual([{ field: 'photo', message: 'too_many_pixels' }]);
      expect(res.ms).toBeLessThan(2000);
      const after = memoryOf(service.child.pid!);
      expect(after.rssMiB - before.rssMiB).toBeLessThan(100);
    });

    it(`refuses ${BURST * 2} concurrent bombs without growing`, async () => {
      const before = memoryOf(service.child.pid!);
      const results = await Promise.all(Array.from({ length: BURST * 2 }, () => upload(pngDeclaring(40000, 40000), 'bomb.png')));
      for (const res of results) expectError(res, 413, 'PAYLOAD_TOO_LARGE');
      const after = memoryOf(service.child.pid!);
      measured.push(
        `  ${BURST * 2} concurrent 1.6-gigapixel PNG bombs: all 413 in ≤ ${Math.max(...results.map((r) => r.ms))} ms; RSS ${before.rssMiB} → ${after.rssMiB} MiB`,
      );
      expect(after.rssMiB - before.rssMiB).toBeLessThan(100);
    });
  });

  describe('broken and disguised files', () => {
    let png: Buffer;
    beforeAll(async () => {
      png = await renderNameplate('furnace', SAMPLE_NAMEPLATES.furnace, { format: 'png' });
    });
    const flipped = (bytes: Buffer, from: number) => {
      const copy = Buffer.from(bytes);
      for (let i = from; i < copy.length; i += 97) copy[i] ^= 0x5a;
      return copy;
    };

    it.each([
      ['a JPEG cut in half', () => plate.subarray(0, plate.length >> 1)],
      ['a JPEG cut after its header', () => plate.subarray(0, 700)],
      ['a PNG cut in half', () => png.subarray(0, png.length >> 1)],
      ['a PNG cut inside its header', () => png.subarray(0, 20)],
      ['a PNG with corrupted image data', () => flipped(png, 200)],
      ['a JPEG signature followed by noise', () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 0x41)])],
      ['a PNG signature alone', () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ])('%s: 422, never 500', async (_name, make) => {
      expectError(await upload(make()), 422, 'UNPROCESSABLE');
    });

    it('a JPEG with corrupted scan data: decoded as far as it goes (200 or 422), never 500', async () => {
      const res = await upload(flipped(plate, 2000));
      expect([200, 422]).toContain(res.status);
    });

    it.each([
      ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'plate.gif'],
      ['PDF named .jpg', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'), 'plate.jpg'],
      [
        'SVG named .png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="99999" height="99999"><rect width="100%" height="100%"/></svg>'),
        'plate.png',
      ],
      ['BMP', Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]), 'plate.bmp'],
      ['HEIC', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(64)]), 'plate.heic'],
      ['text named .jpeg', Buffer.from('Model: 24ACC636A003 Serial: 1014E12345'), 'plate.jpeg'],
      ['PNG bytes shifted by one', Buffer.concat([Buffer.from([0]), pngDeclaring(100, 100)]), 'plate.png'],
    ])('%s: 415 from the bytes, whatever the name says', async (_name, bytes, name) => {
      const res = await upload(bytes, name);
      expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('an empty file: 400', async () => {
      expectError(await upload(Buffer.alloc(0)), 400, 'VALIDATION_FAILED');
    });

    it('the photo under another field name: 400', async () => {
      expect((await upload(plate, 'plate.jpg', 'image')).status).toBe(400);
    });

    it('a file one byte over UPLOAD_MAX_BYTES: 413', async () => {
      const big = Buffer.concat([plate, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - plate.length)]);
      expectError(await upload(big), 413, 'PAYLOAD_TOO_LARGE');
    });
  });

  describe('slow clients', () => {
    /** Sends `head` then one byte every `everyMs`, and reports how the connection ended. */
    function trickle(head: string, everyMs: number, maxMs: number): Promise<{ ms: number; response: string }> {
      return new Promise((resolve) => {
        const { port } = new URL(service.baseUrl);
        const socket = net.connect(Number(port), '127.0.0.1');
        const started = Date.now();
        let response = '';
        let timer: NodeJS.Timeout | undefined;
        const done = () => {
          clearInterval(timer);
          clearTimeout(giveUp);
          socket.destroy();
          resolve({ ms: Date.now() - started, response });
        };
        const giveUp = setTimeout(done, maxMs);
        socket.on('connect', () => {
          let i = 0;
          socket.write(head);
          timer = setInterval(() => socket.write(String.fromCharCode(97 + (i++ % 26))), everyMs);
        });
        socket.on('data', (d) => (response += d));
        socket.on('close', done);
        socket.on('error', () => undefined);
      });
    }

    /** Node enforces requestTimeout on a timer (connectionsCheckingInterval, 30 s by default). */
    const NODE_CHECK_INTERVAL_MS = 30_000;
    let body: { ms: number; response: string };
    let headers: { ms: number; response: string };

    beforeAll(async () => {
      const boundary = 'trickle-boundary';
      [body, headers] = await Promise.all([
        trickle(
          `POST /asset-intelligence/analyze-nameplate HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\n\r\n`,
          100,
          REQUEST_TIMEOUT_MS + NODE_CHECK_INTERVAL_MS + 5000,
        ),
        trickle(`POST /work-order/enrich HTTP/1.1\r\nHost: localhost\r\nX-Slow: `, 100, REQUEST_TIMEOUT_MS + NODE_CHECK_INTERVAL_MS + 5000),
      ]);
      measured.push(`  trickled multipart body (1 byte/100 ms): ${body.response.split('\r\n')[0] || 'closed without answer'} after ${body.ms} ms`);
      measured.push(`  trickled headers (1 byte/100 ms): ${headers.response.split('\r\n')[0] || 'closed without answer'} after ${headers.ms} ms`);
    }, 60_000);

    it('cuts off a trickled upload and trickled headers with 408, and keeps serving', async () => {
      for (const r of [body, headers]) {
        expect(r.response).toMatch(/^HTTP\/1\.1 408 /);
        const json = JSON.parse(r.response.slice(r.response.indexOf('\r\n\r\n') + 4));
        expect(json).toMatchObject({ statusCode: 408, error: 'REQUEST_TIMEOUT', details: [], requestId: expect.any(String) });
        expect(r.ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
        expect(r.ms).toBeLessThan(REQUEST_TIMEOUT_MS + NODE_CHECK_INTERVAL_MS + 1000);
      }
      expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200);
      expect((await upload(plate)).status).toBe(200);
    });

    /** Node checks request timeouts on a timer (30 s by default); the service shortens it to a quarter of the limit. */
    it('cuts them off within HTTP_REQUEST_TIMEOUT_MS + 1 s', () => {
      for (const r of [body, headers]) expect(r.ms).toBeLessThan(REQUEST_TIMEOUT_MS + 1000);
    });
  });

  describe('more photos than OCR workers', () => {
    it(`answers a burst of ${BURST} concurrent 12-megapixel photos with 200s and 503s carrying Retry-After, within bounded memory`, async () => {
      const big = await renderNameplate('condenser', SAMPLE_NAMEPLATES.condenser, { format: 'jpeg', width: 4000, jpegQuality: 90 });
      const before = memoryOf(service.child.pid!);
      const started = Date.now();
      const results = await Promise.all(Array.from({ length: BURST }, () => upload(big)));
      const wall = Date.now() - started;
      const after = memoryOf(service.child.pid!);
      const ok = results.filter((r) => r.status === 200);
      const busy = results.filter((r) => r.status === 503);
      measured.push(
        `  burst of ${BURST} concurrent ${(big.length / 1048576).toFixed(1)} MiB 12-MP JPEGs: ${ok.length}x200, ${busy.length}x503 (Retry-After ${[...new Set(busy.map((r) => r.headers.get('retry-after')))].join('/')} s); ` +
          `200s in ${Math.min(...ok.map((r) => r.ms))}-${Math.max(...ok.map((r) => r.ms))} ms, 503s in ≤ ${Math.max(0, ...busy.map((r) => r.ms))} ms; wall ${wall} ms; RSS ${before.rssMiB} → ${after.rssMiB} MiB, peak ${before.peakMiB} → ${after.peakMiB} MiB`,
      );
      expect(ok.length + busy.length).toBe(BURST);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      for (const r of ok) expect(r.body).toMatchObject({ brand: 'Carrier', model_number: SAMPLE_NAMEPLATES.condenser.model });
      for (const r of busy) {
        expectError(r, 503, 'SERVICE_UNAVAILABLE');
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      // Two decodes at a time, one OCR job and one queued: memory stays far below a photo per request
      // (12 decoded photos would add over 400 MiB). Measured against what the service held before the
      // burst: the OCR engine's own warm memory (about 300 MiB a worker for PP-OCR) is not the burst's.
      expect(after.peakMiB - before.rssMiB).toBeLessThan(300);
      expect(after.rssMiB - before.rssMiB).toBeLessThan(300);
      // And the pool is usable again at once.
      expect((await upload(plate)).status).toBe(200);
    }, 120_000);

    it('decodes photos just under UPLOAD_MAX_PIXELS a few at a time: a concurrent burst stays within bounded memory', async () => {
      // 7,000 × 7,000 = 49 MP, just under the default 50 MP limit: decoded for real (147 MB of RGB each).
      const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#c8c8c8' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const before = memoryOf(service.child.pid!);
      const started = Date.now();
      const results = await Promise.all(Array.from({ length: 6 }, () => upload(huge, 'huge.png')));
      const after = memoryOf(service.child.pid!);
      measured.push(
        `  6 concurrent 49-MP PNGs (${(huge.length / 1024).toFixed(0)} KiB each, blank): ${results.map((r) => r.status).join(' ')} in ${Date.now() - started} ms; RSS ${before.rssMiB} → ${after.rssMiB} MiB, peak ${before.peakMiB} → ${after.peakMiB} MiB`,
      );
      // Nothing readable on a blank plate (422), or no OCR capacity left (503); never a crash.
      for (const r of results) expect([422, 503]).toContain(r.status);
      // Six decoded at once would add 880 MiB; two at a time stay far under that.
      expect(after.peakMiB - before.rssMiB).toBeLessThan(350);
      expect(service.child.exitCode).toBeNull();
    }, 120_000);
  });

  describe('afterwards', () => {
    it('left no file in the temp folder, logged no unexpected error, and still runs', async () => {
      expect(fs.readdirSync(tmp)).toEqual(tmpBefore);
      expect(service.child.exitCode).toBeNull();
      // The upload cut off by the request timeout is a client that went away, not a server error:
      // logged as a warning, so no client can write error-level lines at will.
      expect(unexpectedErrors()).toEqual([]);
      expect(service.output()).toMatch(/Client disconnected before the answer: Request aborted/);
      expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200);
    });
  });
});
