/** What tests log of the job queue: nothing (a failure shows in the outbox or the test). */
export const quietLog = { warn: () => {}, error: () => {}, info: () => {} };
