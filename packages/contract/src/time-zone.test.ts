import { describe, expect, it } from 'vitest';
import { isTimeZone } from './time-zone';

describe('isTimeZone', () => {
  it('accepts IANA zone names and refuses anything else', () => {
    for (const zone of ['Asia/Shanghai', 'Asia/Taipei', 'Europe/Berlin', 'America/New_York', 'UTC'])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const bad of ['', 'Mars/Olympus', 'GMT+8 ', '<script>', 'Asia/Shanghai\n'])
      expect(isTimeZone(bad), bad).toBe(false);
  });
});
