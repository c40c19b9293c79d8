import { type Language, LANGUAGES, type StaffMember } from '@railmadad/contract';
import { describe, expect, it } from 'vitest';
import { createBody, emptyStaffForm, patchBody, staffFormFrom, toggleIn } from './staff-form';

const member: StaffMember = {
  id: 'u1',
  name: 'Anita Sharma',
  email: 'anita@example.com',
  phone: '+919876543210',
  role: 'tte',
  department: 'Commercial',
  station: 'Itarsi',
  expertise: ['refund', 'ticketing'],
  languages: ['hi', 'en'],
  status: 'active',
  createdAt: '2025-01-01T00:00:00.000Z',
  activeComplaints: 2,
  resolvedComplaints: 5,
  avgResolutionHours: 3.5,
  avgRating: 4.2,
};

describe('createBody', () => {
  it('names every missing or malformed field with the code the page translates', () => {
    const result = createBody({ ...emptyStaffForm(), email: 'nope', phone: 'abc', languages: [] });
    expect(result).toEqual({ errors: { name: 'required', email: 'invalid_email', phone: 'invalid_phone', role: 'role_required', department: 'required', languages: 'language_required' } });
  });

  it('passes a complete form through as the request body', () => {
    const form = { ...emptyStaffForm(), name: 'Anita', email: 'Anita@Example.com', role: 'rpf' as const, department: 'Security', expertise: ['security' as const] };
    expect(createBody(form)).toEqual({ body: { ...form, role: 'rpf' } });
  });
});

describe('patchBody', () => {
  it('sends only what changed', () => {
    const form = { ...staffFormFrom(member), department: 'Electrical', phone: '' };
    expect(patchBody(member, form)).toEqual({ body: { department: 'Electrical', phone: '' } });
  });

  it('sends nothing when nothing changed, ignoring spaces and the order of ticked boxes', () => {
    const form = { ...staffFormFrom(member), name: ' Anita Sharma ', languages: toggleIn<Language>(toggleIn<Language>(member.languages, 'hi', LANGUAGES), 'hi', LANGUAGES) };
    expect(form.languages).toEqual(['en', 'hi']);
    expect(patchBody(member, form)).toEqual({ body: null });
  });

  it('reports a field that no longer passes', () => {
    expect(patchBody(member, { ...staffFormFrom(member), name: '' })).toEqual({ errors: { name: 'required' } });
  });
});

describe('toggleIn', () => {
  it('adds and removes, keeping the order the boxes are shown in', () => {
    const order = ['a', 'b', 'c'] as const;
    expect(toggleIn<'a' | 'b' | 'c'>(['c'], 'a', order)).toEqual(['a', 'c']);
    expect(toggleIn<'a' | 'b' | 'c'>(['a', 'c'], 'c', order)).toEqual(['a']);
  });
});
