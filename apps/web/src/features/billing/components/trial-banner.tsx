export function TrialBanner() {
  return null;
}
