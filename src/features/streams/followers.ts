/** Spec (documents 2 and 3, section 9): followers are shown as k above 1000. */
export function followersText(n: number): string {
  if (n <= 1000) return String(n);
  const k = n / 1000;
  return `${k >= 100 ? Math.round(k) : Math.round(k * 10) / 10}k`;
}
