/** `npm run bench`: every benchmark in turn (BENCH_SECONDS shortens each load phase). */
import { benchAvatar } from './avatar.ts';
import { benchChat } from './chat.ts';
import { benchCommunity } from './community.ts';
import { benchConsultations } from './consultations.ts';
import { benchCredits } from './credits.ts';
import { benchLanding } from './landing.ts';
import { benchScripture } from './scripture.ts';
import { benchScriptureImport } from './scripture-import.ts';
import { benchStartup } from './startup.ts';

const only = process.argv[2];
const benches: Record<string, () => Promise<unknown>> = {
  landing: () => benchLanding(),
  credits: () => benchCredits(),
  scripture: () => benchScripture(),
  'scripture-import': () => benchScriptureImport(),
  chat: () => benchChat(),
  community: () => benchCommunity(),
  consultations: () => benchConsultations(),
  avatar: () => benchAvatar(),
  startup: () => benchStartup(),
};
for (const [name, run] of Object.entries(benches)) {
  if (only && only !== name) continue;
  console.log(`\n### bench/${name}`);
  await run();
}
