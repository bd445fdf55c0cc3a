export function UpdateDialog() {
  return null;
}
