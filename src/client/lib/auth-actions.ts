// Sign-in, registration and resend-verification as the auth dialog and the /login and /register
// pages use them, with the toasts and outcomes of docs/product.md, Auth dialog and Messages.
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { AuthResponseSchema, PublicUserSchema, type AuthResponse, type LoginBody, type PublicUser, type RegisterBody } from '../../shared/api/auth';
import { ApiError, apiRequest } from './api';
import { ME_QUERY_KEY } from './session-query';
import { useSessionController } from './session';
import { setLoginFlags } from './storage';
import { toast } from './toast';

export type AuthOutcome =
  | { kind: 'success' }
  | { kind: 'verify'; email: string }
  | { kind: 'error'; message: string };

export const AFTER_LOGIN_PATH = '/?verified=true';
export const INVALID_USER_MESSAGE = 'Invalid user data received from server';
export const INVALID_RESPONSE_MESSAGE = 'Login failed: Invalid response from server';

class InvalidResponseError extends Error {}

async function readAuthResponse(res: Response): Promise<AuthResponse> {
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new InvalidResponseError(INVALID_RESPONSE_MESSAGE);
  }
  const parsed = AuthResponseSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  // The envelope did not match; keep what we can so a user without an id is reported as such.
  if (json && typeof json === 'object') return json as AuthResponse;
  throw new InvalidResponseError(INVALID_RESPONSE_MESSAGE);
}

/** The auth response must carry a user with an id (docs/product.md, Auth dialog). */
function requireUser(data: AuthResponse): PublicUser {
  const parsed = PublicUserSchema.safeParse(data.user);
  if (!parsed.success) throw new Error(INVALID_USER_MESSAGE);
  return parsed.data;
}

function needsVerification(err: ApiError): boolean {
  if (err.status !== 403) return false;
  if (err.body?.requiresEmailVerification === true) return true;
  return /verify your email/i.test(err.serverMessage ?? '');
}

export function useAuthActions() {
  const session = useSessionController();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  const failure = useCallback((err: unknown, mode: 'login' | 'register', email: string): AuthOutcome => {
    if (err instanceof ApiError && needsVerification(err)) {
      toast({ title: 'Verification Required', description: 'Please check your email for a verification link or request a new one.' });
      const remembered = typeof err.body?.email === 'string' && err.body.email ? err.body.email : email;
      return { kind: 'verify', email: remembered };
    }
    if (err instanceof ApiError && err.status === 403) {
      const message = err.serverMessage ?? 'Access denied. Please check your credentials.';
      toast({ title: 'Authentication Failed', description: message, variant: 'destructive' });
      return { kind: 'error', message };
    }
    const message =
      err instanceof ApiError ? (err.serverMessage ?? 'Invalid credentials') : err instanceof Error && err.message ? err.message : 'Invalid credentials';
    if (err instanceof InvalidResponseError) {
      toast({ title: 'Login failed', description: message, variant: 'destructive' });
    } else {
      toast({ title: mode === 'login' ? 'Login failed' : 'Registration failed', description: message, variant: 'destructive' });
    }
    return { kind: 'error', message };
  }, []);

  const signIn = useCallback(
    (user: PublicUser, usageLimit: number | undefined, rememberMe: boolean) => {
      setLoginFlags(rememberMe);
      session.signedIn(user, usageLimit);
      // Everyone's data is someone else's now; the session itself was just set.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
      navigate(AFTER_LOGIN_PATH);
    },
    [session, queryClient, navigate],
  );

  const login = useCallback(
    async (body: LoginBody): Promise<AuthOutcome> => {
      try {
        const res = await apiRequest('POST', '/api/auth/login', body);
        const data = await readAuthResponse(res);
        const user = requireUser(data);
        toast(
          data.firstSignIn
            ? { title: 'Welcome!', description: 'Your account is ready: paste your notes and generate your first document.', variant: 'success' }
            : { title: 'Welcome back!', description: 'You have successfully logged in.', variant: 'success' },
        );
        signIn(user, data.usageLimit, body.rememberMe ?? false);
        return { kind: 'success' };
      } catch (err) {
        return failure(err, 'login', body.email);
      }
    },
    [failure, signIn],
  );

  const register = useCallback(
    async (body: RegisterBody): Promise<AuthOutcome> => {
      try {
        const res = await apiRequest('POST', '/api/auth/register', body);
        const data = await readAuthResponse(res);
        if (data.emailVerificationSent === true || (data.requiresEmailVerification === true && data.emailVerificationSent !== false)) {
          toast({ title: 'Account Created!', description: 'Please check your email to verify your account.', variant: 'success' });
          return { kind: 'verify', email: data.user?.email ?? body.email };
        }
        const user = requireUser(data);
        if (data.emailVerificationSent === false) {
          toast({ title: 'Account Created', description: "However, we couldn't send the verification email. Please try again later." });
        } else {
          toast({ title: 'Account Created!', description: 'Your account has been created successfully.', variant: 'success' });
        }
        signIn(user, data.usageLimit, false);
        return { kind: 'success' };
      } catch (err) {
        return failure(err, 'register', body.email);
      }
    },
    [failure, signIn],
  );

  return { login, register };
}

/**
 * Asks for a new verification email. The dialog and the verify page word failures differently,
 * so the failure text can be given.
 */
export async function resendVerification(email: string, failureText = 'Please try again later'): Promise<boolean> {
  try {
    const res = await apiRequest('POST', '/api/auth/resend-verification', { email });
    const data = (await res.json().catch(() => ({}))) as { success?: boolean; message?: string };
    if (data.success === false) {
      toast({ title: 'Failed to Resend', description: data.message || failureText, variant: 'destructive' });
      return false;
    }
    toast({ title: 'Verification Email Sent', description: 'Please check your inbox for the verification link', variant: 'success' });
    return true;
  } catch (err) {
    if (err instanceof ApiError) {
      toast({ title: 'Failed to Resend', description: err.serverMessage ?? failureText, variant: 'destructive' });
    } else {
      toast({ title: 'Failed to Resend', description: 'An error occurred. Please try again later.', variant: 'destructive' });
    }
    return false;
  }
}
