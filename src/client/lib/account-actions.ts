// The account calls of docs/product.md, Accounts API beyond signing in: forgot and reset password,
// and the profile changes of the account page. Each throws ApiError on a failed answer; a reset
// that succeeds signs this browser in like a login does.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  AccountUserResponseSchema,
  ChangeEmailResponseSchema,
  ConfirmEmailResponseSchema,
  MessageResponseSchema,
  type AccountUserResponse,
  type ChangeEmailBody,
  type ChangeEmailResponse,
  type ChangePasswordBody,
  type ConfirmEmailResponse,
  type MessageResponse,
} from '../../shared/api/account';
import { ApiError, apiJson } from './api';
import { useSessionController } from './session';
import { setLoginFlags } from './storage';

export const forgotPassword = (email: string): Promise<MessageResponse> =>
  apiJson('POST', '/api/auth/forgot-password', { email }, MessageResponseSchema);

export const changePassword = (body: ChangePasswordBody): Promise<MessageResponse> =>
  apiJson('POST', '/api/auth/change-password', body, MessageResponseSchema);

export const changeEmail = (body: ChangeEmailBody): Promise<ChangeEmailResponse> =>
  apiJson('POST', '/api/auth/change-email', body, ChangeEmailResponseSchema);

export const confirmEmail = (token: string): Promise<ConfirmEmailResponse> =>
  apiJson('POST', '/api/auth/confirm-email', { token }, ConfirmEmailResponseSchema);

/** The account's session as the answers of these calls change it. */
export function useAccountSession() {
  const store = useSessionController();
  const queryClient = useQueryClient();

  /** A reset signed this browser in: the same flags and fresh data as a login. */
  const resetPassword = useCallback(
    async (token: string, password: string): Promise<AccountUserResponse> => {
      const answer = await apiJson('POST', '/api/auth/reset-password', { token, password }, AccountUserResponseSchema);
      setLoginFlags(false);
      store.signedIn(answer.user, answer.usageLimit);
      void queryClient.invalidateQueries();
      return answer;
    },
    [store, queryClient],
  );

  const renameUser = useCallback(
    async (username: string): Promise<AccountUserResponse> => {
      const answer = await apiJson('PATCH', '/api/auth/me', { username }, AccountUserResponseSchema);
      store.signedIn(answer.user, answer.usageLimit);
      return answer;
    },
    [store],
  );

  /** After the email changed (possibly from another tab), ask the server who is signed in. */
  const refresh = useCallback(() => store.check(), [store]);

  return { resetPassword, renameUser, refresh };
}

/** The field a failed answer is about ({ field } in the body), else the form as a whole. */
export function errorField(err: unknown, fallback = 'form'): string {
  return err instanceof ApiError && typeof err.body?.field === 'string' ? err.body.field : fallback;
}
