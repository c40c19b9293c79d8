import { describe, expect, it } from 'vitest';
import { nameStepSchema, profilePatchSchema, signUpSchema } from './account';
import { isPlaceholderName } from './phone';

const valid = { name: 'Asha', email: 'Asha@Example.com ', gender: 'female', password: 'secret-123', confirmPassword: 'secret-123' };

describe('signUpSchema', () => {
  it('accepts the original prototype fields and lower-cases the e-mail', () => {
    const parsed = signUpSchema.parse(valid);
    expect(parsed.email).toBe('asha@example.com');
    expect(parsed.phone).toBeUndefined();
  });

  it('says passwords_do_not_match on the confirm field', () => {
    const result = signUpSchema.safeParse({ ...valid, confirmPassword: 'other' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ message: 'passwords_do_not_match', path: ['confirmPassword'] });
  });

  it('requires a gender of male or female', () => {
    const result = signUpSchema.safeParse({ ...valid, gender: 'other' });
    expect(result.error?.issues[0].message).toBe('gender_required');
  });

  it('treats an empty optional phone as absent and normalises a given one', () => {
    expect(signUpSchema.parse({ ...valid, phone: '' }).phone).toBeUndefined();
    expect(signUpSchema.parse({ ...valid, phone: '98765 43210' }).phone).toBe('+919876543210');
  });
});

describe('profilePatchSchema', () => {
  it('requires gender when editing the profile', () => {
    expect(profilePatchSchema.safeParse({ name: 'Asha' }).success).toBe(false);
    expect(profilePatchSchema.safeParse({ name: 'Asha', gender: 'female' }).success).toBe(true);
  });
});

describe('the name step after a phone sign-up', () => {
  it('calls empty names and phone numbers no name, and real names (digits too) a name', () => {
    for (const name of ['', '   ', '+919876543210', '98765 43210', '+44 20 7946 0958']) expect(isPlaceholderName(name), name).toBe(true);
    for (const name of ['Ravi Kumar', 'रवि', 'Coach B4 Anil', 'R2']) expect(isPlaceholderName(name), name).toBe(false);
  });

  it('takes a name with an optional gender, and refuses a phone number with name_required', () => {
    expect(nameStepSchema.parse({ name: ' Meera ' })).toEqual({ name: 'Meera' });
    expect(nameStepSchema.safeParse({ name: 'Meera', gender: 'other' }).success).toBe(false);
    expect(nameStepSchema.safeParse({ name: '+91 98765 43210' }).error?.issues[0].message).toBe('name_required');
  });
});
