import { loadConfig } from './config.ts';
import { DataDirInUseError } from './db/embedded.ts';
import { start } from './runtime.ts';

// Unhandled failures are logged, never shown to a user and never silently swallowed.
process.on('unhandledRejection', (reason) => console.error('Unhandled rejection:', reason));

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
  let signals = 0;
  const shutdown = async (signal: string) => {
    if (++signals > 1) process.exit(1);
    console.log(`${signal} received: finishing requests and stopping…`);
    try {
      await running.stop();
      process.exit(0);
    } catch (err) {
      console.error('Shutdown failed:', err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (err) {
  if (err instanceof DataDirInUseError) console.error(err.message);
  else console.error('Candeia could not start:', err);
  process.exit(1);
}
