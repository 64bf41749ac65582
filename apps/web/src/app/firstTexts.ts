/**
 * The first screen's texts, requested as soon as the entry chunk evaluates this (main.tsx imports
 * it first), before the rest of the entry: the login page's part for a visit without a session,
 * which ends on the login page; all of them for a signed-in one (i18n/index.ts).
 */
import { firstScreenTexts } from '../i18n';
import { session } from '../api/tokens';

export const textsReady: Promise<void> = firstScreenTexts(session.getToken() !== null);
