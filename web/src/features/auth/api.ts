import type { PublicConfig } from '@railmadad/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: () => api<PublicConfig>('/api/config'),
  staleTime: Number.POSITIVE_INFINITY,
});

export const VERIFIED_CALLBACK = '/login?verified=1';

export const authApi = {
  signInEmail: (email: string, password: string) =>
    api<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', { body: { email, password, rememberMe: true, callbackURL: VERIFIED_CALLBACK } }),
  signUpEmail: (body: Record<string, unknown>) => api('/api/auth/sign-up/email', { body: { ...body, callbackURL: VERIFIED_CALLBACK } }),
  requestPasswordReset: (email: string) => api('/api/auth/request-password-reset', { body: { email, redirectTo: '/login' } }),
  resetPassword: (token: string, newPassword: string) => api('/api/auth/reset-password', { body: { token, newPassword } }),
  sendPhoneCode: (phoneNumber: string) => api('/api/auth/phone-number/send-otp', { body: { phoneNumber } }),
  verifyPhoneCode: (phoneNumber: string, code: string) => api('/api/auth/phone-number/verify', { body: { phoneNumber, code } }),
  verifyTotp: (code: string, trustDevice: boolean) => api('/api/auth/two-factor/verify-totp', { body: { code, trustDevice } }),
  sendTwoFactorCode: () => api('/api/auth/two-factor/send-otp', { body: {} }),
  verifyTwoFactorCode: (code: string, trustDevice: boolean) => api('/api/auth/two-factor/verify-otp', { body: { code, trustDevice } }),
  verifyBackupCode: (code: string, trustDevice: boolean) => api('/api/auth/two-factor/verify-backup-code', { body: { code, trustDevice } }),
  signInGoogle: () =>
    api<{ url?: string }>('/api/auth/sign-in/social', {
      body: { provider: 'google', callbackURL: '/', newUserCallbackURL: '/profile?newUser=true', errorCallbackURL: '/login?error=google' },
    }),
};
