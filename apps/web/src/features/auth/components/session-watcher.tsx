export function SessionWatcher() {
  return null;
}
