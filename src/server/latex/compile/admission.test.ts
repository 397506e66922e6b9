import { describe, expect, it } from 'vitest';
import { UserAdmission } from './admission.js';
import { CompileRateLimitError, CompileServiceClosedError, CompileUserBusyError } from './errors.js';

describe('UserAdmission', () => {
  it('allows one compile at a time per user', () => {
    const admission = new UserAdmission({ ratePerMinute: 100 });
    const release = admission.admit('u1');
    expect(() => admission.admit('u1')).toThrow(CompileUserBusyError);
    expect(() => admission.admit('u2')()).not.toThrow();
    release();
    expect(() => admission.admit('u1')()).not.toThrow();
    // Anonymous requests are not tracked per user.
    admission.admit(undefined);
    admission.admit(undefined);
  });

  it('limits each user per minute and tells when to retry', () => {
    let now = 1_000_000;
    const admission = new UserAdmission({ ratePerMinute: 2, now: () => now });
    admission.admit('u')();
    now += 10_000;
    admission.admit('u')();
    now += 5_000;
    const error = (() => {
      try {
        admission.admit('u');
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(CompileRateLimitError);
    expect((error as CompileRateLimitError).retryAfterSeconds).toBe(45);
    now += 45_000;
    expect(() => admission.admit('u')()).not.toThrow();
  });

  it('refuses everyone once closed', () => {
    const admission = new UserAdmission({ ratePerMinute: 100 });
    admission.close();
    expect(() => admission.admit('u')).toThrow(CompileServiceClosedError);
  });
});
