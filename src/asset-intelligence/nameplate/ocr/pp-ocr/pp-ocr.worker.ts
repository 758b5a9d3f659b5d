/**
 * One PP-OCR engine on its own thread. onnxruntime-node runs a model on the thread that calls it,
 * so reading a photo on the main thread would stall every other request for a second or more.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PpOcrEngine, type PpOcrEngineOptions, type PpOcrInput } from './pp-ocr-engine';

export interface PpOcrJobMessage {
  id: number;
  input: PpOcrInput;
}

export type PpOcrWorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; result: Awaited<ReturnType<PpOcrEngine['read']>> }
  | { type: 'error'; id: number; message: string };

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('pp-ocr.worker must run as a worker thread');
  let engine: PpOcrEngine;
  try {
    engine = await PpOcrEngine.load(undefined, workerData as PpOcrEngineOptions);
  } catch (error) {
    port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies PpOcrWorkerMessage);
    return;
  }
  port.on('message', (job: PpOcrJobMessage) => {
    engine.read(job.input).then(
      (result) => port.postMessage({ type: 'result', id: job.id, result } satisfies PpOcrWorkerMessage),
      (error: unknown) =>
        port.postMessage({ type: 'error', id: job.id, message: error instanceof Error ? error.message : String(error) } satisfies PpOcrWorkerMessage),
    );
  });
  port.postMessage({ type: 'ready' } satisfies PpOcrWorkerMessage);
}

void main();
