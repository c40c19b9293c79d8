import { describe, expect, it } from 'vitest';
import { scriptOf, writtenForOthers } from './script';

describe('scriptOf', () => {
  it('names the script most letters are in', () => {
    expect(scriptOf('पानी नहीं है S3 coach')).toBe('devanagari');
    expect(scriptOf('where is my complaint CMP100234')).toBe('latin');
    expect(scriptOf('میری شکایت')).toBe('arabic');
    expect(scriptOf('12951 / 2345678901')).toBeNull();
  });

  it('says a reader cannot read a message in another script, and can read one in theirs', () => {
    expect(writtenForOthers('கழிவறையில் தண்ணீர் இல்லை', 'en')).toBe(true);
    expect(writtenForOthers('Please wait, I am checking', 'ta')).toBe(true);
    expect(writtenForOthers('पानी नहीं है', 'mr')).toBe(false);
    expect(writtenForOthers('CMP100234', 'en')).toBe(false);
    expect(writtenForOthers('12951', 'hi')).toBe(false);
    expect(writtenForOthers('CMP100234', 'hi')).toBe(false);
  });
});
