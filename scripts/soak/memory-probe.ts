/**
 * Preloaded into the service by the soak script (`node -r`): answers memory questions over the
 * IPC channel, optionally after a full garbage collection (needs --expose-gc), with the event
 * loop's delay since the previous question, so the soak can watch the service's heap, RSS and
 * responsiveness without instrumenting the service's own code.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

interface MemoryQuestion {
  type: 'memory';
  id: number;
  gc?: boolean;
}

const gc = (globalThis as { gc?: () => void }).gc;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
let lastUtilization = performance.eventLoopUtilization();

if (process.send) {
  process.on('message', (message: MemoryQuestion) => {
    if (message?.type !== 'memory') return;
    const delay = { loopDelayP99Ms: Math.round(loopDelay.percentile(99) / 1e6), loopDelayMaxMs: Math.round(loopDelay.max / 1e6) };
    loopDelay.reset();
    const utilization = performance.eventLoopUtilization(lastUtilization);
    lastUtilization = performance.eventLoopUtilization();
    if (message.gc && gc) gc();
    process.send!({ type: 'memory', id: message.id, ...process.memoryUsage(), ...delay, loopUtilization: Math.round(utilization.utilization * 100) / 100 });
  });
  // The channel must not keep the service alive on its own.
  process.channel?.unref();
}
