import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Server test files that spend most of their time waiting (a cron minute boundary, processes
 * behind nginx starting): started first, so the other worker runs the rest meanwhile instead of
 * the wait landing at the end of the run.
 */
const WAITING_FILES = ['jobs-schedule.test.ts', 'cluster.test.ts', 'cross-process.test.ts'];

class WaitersFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = WAITING_FILES.findIndex((name) => f.moduleId.endsWith(`/${name}`));
      return i === -1 ? WAITING_FILES.length : i;
    };
    // Array.prototype.sort is stable: the rest keeps the base order (failed, then slow, first).
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: WaitersFirst },
    // Two files at a time even on two cores (the default is one there): each server file has its
    // own database, and most of a server test is waiting on PostgreSQL, pg-boss or a child process.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
