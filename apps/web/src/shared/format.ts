import dayjs from 'dayjs';

/** Epoch seconds as local date and time; '-' when unknown. */
export function formatTime(seconds: number | null | undefined): string {
  return seconds ? dayjs.unix(seconds).format('YYYY-MM-DD HH:mm:ss') : '-';
}

/** Text or '-' when empty. */
export const orDash = (value: string | null | undefined): string => (value ? value : '-');
