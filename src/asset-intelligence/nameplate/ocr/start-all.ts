/**
 * Starts `size` workers of an OCR pool, all or nothing: when one fails to load, the ones that did
 * are ended and the first failure is thrown, since a pool that started short would quietly run
 * with less capacity than configured. Shared by the Tesseract and PP-OCR pools.
 */
export async function startAll<T>(size: number, spawn: () => Promise<T>, end: (worker: T) => Promise<unknown>): Promise<T[]> {
  const settled = await Promise.allSettled(Array.from({ length: size }, spawn));
  const started = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) {
    await Promise.all(started.map((worker) => end(worker).catch(() => undefined)));
    throw failure.reason;
  }
  return started;
}
