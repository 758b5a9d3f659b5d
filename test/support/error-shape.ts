import type { Response } from 'supertest';

/** Asserts the single documented error shape and returns its body for further checks. */
export function expectErrorShape(
  res: Response,
  status: number,
  code: string,
): { message: string; details: { field?: string; message: string }[]; requestId: string } {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(Object.keys(res.body).sort()).toEqual(['details', 'error', 'message', 'requestId', 'statusCode']);
  expect(res.body.statusCode).toBe(status);
  expect(res.body.error).toBe(code);
  expect(typeof res.body.message).toBe('string');
  expect(Array.isArray(res.body.details)).toBe(true);
  expect(res.body.requestId).toBe(res.headers['x-request-id']);
  return res.body;
}
