import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';
import { expectErrorShape } from '../support/error-shape';

/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAcCBlCwAAAABJRU5ErkJggg==', 'base64');

describe('asset-intelligence routes', () => {
  let t: TestApp;
  let auth: string;
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_MAX_BYTES: '4096' });
    auth = `Bearer ${(await t.newClientToken()).token}`;
  });
  afterAll(() => t.close());

  describe('POST /asset-intelligence/analyze', () => {
    it('answers a profile carrying the identifiers given', async () => {
      const res = await request(t.http)
        .post('/asset-intelligence/analyze')
        .query({ brand_name: 'Carrier', model_number: '24ACC636A003', serial_number: '1014E12345' })
        .set('Authorization', auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ brand: 'Carrier', model_number: '24ACC636A003', serial_number: '1014E12345' });
      expect(res.body.manufacture_date).toHaveProperty('confidence');
      expect(Array.isArray(res.body.warnings)).toBe(true);
    });

    it('names the missing required query parameters', async () => {
      const err = expectErrorShape(
        await request(t.http).post('/asset-intelligence/analyze').query({ serial_number: '1' }).set('Authorization', auth),
        400,
        'VALIDATION_FAILED',
      );
      expect(err.details.map((d) => d.field).sort()).toEqual(['brand_name', 'model_number']);
    });

    it('rejects a repeated query parameter', async () => {
      const err = expectErrorShape(
        await request(t.http).post('/asset-intelligence/analyze?brand_name=A&brand_name=B&model_number=X').set('Authorization', auth),
        400,
        'VALIDATION_FAILED',
      );
      expect(err.details).toEqual([{ field: 'brand_name', message: 'brand_name is given 2 times; give each query parameter once' }]);
    });

    it('refuses a query parameter whose percent-encoding is not UTF-8, naming it, rather than storing U+FFFD', async () => {
      for (const brand of ['Cl%E9ment', '%ED%A0%80', '100%']) {
        const res = await request(t.http).post(`/asset-intelligence/analyze?brand_name=${brand}&model_number=24ACC636A003`).set('Authorization', auth);
        const err = expectErrorShape(res, 400, 'VALIDATION_FAILED');
        expect(err.details).toEqual([{ field: 'brand_name', message: 'brand_name is not valid percent-encoded UTF-8 text' }]);
      }
      const ok = await request(t.http)
        .post('/asset-intelligence/analyze?brand_name=A.O.+Smith&model_number=GCR-50%2F100&serial_number=%C3%891234')
        .set('Authorization', auth);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ model_number: 'GCR-50/100', serial_number: 'É1234' });
    });
  });

  describe('POST /asset-intelligence/analyze-nameplate', () => {
    const upload = () => request(t.http).post('/asset-intelligence/analyze-nameplate').set('Authorization', auth);

    it('identifies a PNG by its bytes whatever its name, and answers 422 when it is too small to read', async () => {
      const res = await upload().attach('photo', PNG, { filename: 'plate.txt', contentType: 'text/plain' });
      const err = expectErrorShape(res, 422, 'UNPROCESSABLE');
      expect(err.details).toEqual([{ field: 'photo', message: 'too_small' }]);
    });

    it('answers 400 naming photo when the field is missing', async () => {
      const err = expectErrorShape(await upload().field('note', 'no photo'), 400, 'VALIDATION_FAILED');
      expect(err.details[0].field).toBe('photo');
    });

    it('answers 415 listing the accepted formats for a non-image', async () => {
      const err = expectErrorShape(
        await upload().attach('photo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'plate.png'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expect(err.message).toMatch(/jpeg, png, webp, tiff/);
    });

    it('answers 415 when the body is not multipart', async () => {
      expectErrorShape(await upload().send({ photo: 'x' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('answers 413 for a photo over the size limit, naming the limit', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(8192)]);
      const err = expectErrorShape(await upload().attach('photo', big, 'plate.png'), 413, 'PAYLOAD_TOO_LARGE');
      expect(err.message).toBe('The photo is larger than the upload limit of 4096 bytes');
      expect(err.details).toEqual([{ field: 'photo', message: 'at most 4096 bytes' }]);
    });

    it('answers 400 naming the photo field when the file is sent under another name', async () => {
      const err = expectErrorShape(await upload().attach('file', PNG, 'plate.png'), 400, 'VALIDATION_FAILED');
      expect(err.message).toMatch(/file/);
      expect(err.message).toMatch(/multipart field "photo"/);
      expect(err.details).toEqual([{ field: 'photo', message: expect.stringContaining('file') }]);
    });

    it('answers 400 naming the photo field when two files are sent', async () => {
      const err = expectErrorShape(await upload().attach('photo', PNG, 'a.png').attach('photo', PNG, 'b.png'), 400, 'VALIDATION_FAILED');
      expect(err.message).toMatch(/send one photo .* in the multipart field "photo"/);
      expect(err.details.map((d) => d.field)).toEqual(['photo']);
    });

    it('answers 400 naming the photo field for a multipart body cut short', async () => {
      const head = '--cut\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n';
      const res = await upload()
        .set('Content-Type', 'multipart/form-data; boundary=cut')
        .send(Buffer.concat([Buffer.from(head), PNG]));
      const err = expectErrorShape(res, 400, 'VALIDATION_FAILED');
      expect(err.message).toMatch(/multipart field "photo"/);
      expect(err.details.map((d) => d.field)).toEqual(['photo']);
    });
  });
});
