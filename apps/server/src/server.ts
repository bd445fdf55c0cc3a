import { loadConfig } from './config.ts';
import { loggableError } from './lib/loggable-error.ts';
import { DataDirInUseError, EmbeddedSetupError } from './db/embedded.ts';
import { start } from './runtime.ts';

// Unhandled failures are logged, never shown to a user and never silently swallowed.
process.on('unhandledRejection', (reason) => console.error('Unhandled rejection:', loggableError(reason)));

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(String((err as Error).message));
  process.exit(1);
}

try {
  const running = await start(config);
  console.log(`Candeia is running on ${running.url}`);
  let firstSignalAt = 0;
  const shutdown = async (signal: string) => {
    if (firstSignalAt) {
      // Ctrl+C reaches this process twice (from the terminal and from npm): a repeat within
      // two seconds is the same request. A later one means "stop now".
      if (Date.now() - firstSignalAt < 2000) return;
      console.log('Stopping at once.');
      running.forceStop();
      process.exit(1);
    }
    firstSignalAt = Date.now();
    console.log(`${signal} received: finishing requests and stopping…`);
    try {
      await running.stop();
      process.exit(0);
    } catch (err) {
      console.error('Shutdown failed:', loggableError(err).message);
      running.forceStop();
      process.exit(1);
    }
  };
  // These signals are ours alone: finish the requests, then stop the database (running.stop()
  // does both, in that order).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (err) {
  if (err instanceof DataDirInUseError || err instanceof EmbeddedSetupError) console.error(err.message);
  else console.error('Candeia could not start:', loggableError(err).message);
  process.exit(1);
}
