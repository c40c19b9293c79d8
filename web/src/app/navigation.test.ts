import { describe, expect, it } from 'vitest';
import { homeFor, navFor } from './navigation';

const paths = (role: Parameters<typeof navFor>[0]) => navFor(role).map((item) => item.to);

describe('navFor', () => {
  it('gives passengers the shared entries and their own, never the admin screens', () => {
    expect(paths('passenger')).toEqual([
      '/',
      '/file-complaint',
      '/complaints',
      '/track-status',
      '/ai-assistance',
      '/real-time-support',
      '/multi-lingual',
      '/feedback-form',
      '/help',
      '/settings',
    ]);
  });

  it('gives admins the admin screens and no passenger-only ones', () => {
    const admin = paths('admin');
    expect(admin).toEqual(expect.arrayContaining(['/dashboard', '/smart-classification', '/quick-resolution', '/feedback', '/staff', '/outbox']));
    expect(admin).not.toContain('/file-complaint');
  });

  it('gives staff the admin menu minus Staff Management and the outbox', () => {
    const staff = paths('staff');
    expect(staff).toContain('/dashboard');
    expect(staff).toContain('/feedback');
    expect(staff).not.toContain('/staff');
    expect(staff).not.toContain('/outbox');
  });
});

describe('homeFor', () => {
  it('sends passengers home and staff to the dashboard', () => {
    expect(homeFor('passenger')).toBe('/');
    expect(homeFor('admin')).toBe('/dashboard');
    expect(homeFor('staff')).toBe('/dashboard');
  });
});
