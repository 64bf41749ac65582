/** Whether `name` is an IANA time zone this runtime knows (e.g. Asia/Shanghai, Europe/Berlin, UTC). */
export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
