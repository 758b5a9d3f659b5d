import * as fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const handle = globalThis.__TEST_EMBEDDED_POSTGRES__;
  if (!handle) return;
  await handle.embedded.stop();
  fs.rmSync(handle.dir, { recursive: true, force: true });
}
