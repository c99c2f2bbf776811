import { Router, type RequestHandler, type Response } from 'express';
import session from 'express-session';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import {
  bodyOf,
  deviceOf,
  errorShape,
  Forbidden,
  maybeCallerOf,
  RateLimited,
  sessionCookieName,
  sessionIsLive,
  Unauthenticated,
  type SessionRecord,
  type SessionUser,
} from '@vellum/platform';
import { signInSchema } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { messages } from '../domain/messages';
import { signedCirrusView, signedUserView } from '../domain/cirrus-views';
import { awaitsAdminReset } from '../domain/admins';
import { cirrusStore, type CirrusRecord } from '../store/cirrus-store';
import { recordSignIn } from '../use-cases/record-sign-in';
import { signOut as endSession } from '../use-cases/sign-out';
import { viewSignedCirrus } from '../use-cases/view-signed-cirrus';
import { signInThrottle, tooManySignIns } from './signin-throttle';

/** `Sec-Fetch-Site` values of a request another site started (a sibling subdomain counts too). */
const CROSS_SITE = new Set(['cross-site', 'same-site']);

/** The session cookie's attributes: HttpOnly, SameSite=Lax, Path=/, no Domain; Secure (and `__Host-`) over https. */
const cookieOptions = (ctx: IdentityContext) =>
  ({ httpOnly: true, sameSite: 'lax', secure: ctx.config.secureCookies, path: '/' }) as const;

/** Clears the session cookie (sign-out, account deletion, the current session ended from the list). */
export function clearSessionCookie(ctx: IdentityContext, res: Response): void {
  res.clearCookie(sessionCookieName(ctx.config.secureCookies), cookieOptions(ctx));
}

/**
 * express-session on identity's own routes (sign-in, sign-out), with the time-outs applied as the gateway applies
 * them: a session past the idle or the absolute limit is destroyed and replaced by an empty one (no session). The
 * cookie's max age is the absolute limit.
 */
export function sessionMiddleware(ctx: IdentityContext): RequestHandler[] {
  const middleware = session({
    name: sessionCookieName(ctx.config.secureCookies),
    secret: ctx.config.sessionSecret,
    store: ctx.sessionStore,
    resave: false,
    saveUninitialized: false,
    proxy: true,
    cookie: { ...cookieOptions(ctx), maxAge: ctx.sessionLimits.absoluteMs },
  });
  const timeOuts: RequestHandler = (req, _res, next) => {
    if (!req.session || sessionIsLive(req.session as SessionRecord, ctx.clock(), ctx.sessionLimits))
      return next();
    req.session.regenerate((err) => next(err));
  };
  return [middleware, timeOuts];
}

function createPassport(ctx: IdentityContext) {
  const instance = new passport.Passport();
  instance.serializeUser<SessionUser>((user, done) => {
    const cirrus = user as CirrusRecord;
    done(null, { id: cirrus.id, username: cirrus.username });
  });
  instance.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password' }, (email, password, done) => {
      void (async () => {
        const cirrus = await cirrusStore.byEmail(ctx.db, email);
        // Always run one hash check so an unknown email takes as long as a wrong password.
        const ok = await ctx.hasher.verify(cirrus?.passwordHash ?? '', password);
        if (!cirrus || !ok) return done(null, false, { message: messages.signInFailed });
        if (!cirrus.emailVerifiedAt) return done(new Forbidden(messages.notVerified));
        if (awaitsAdminReset(cirrus, ctx.admins)) return done(new Forbidden(messages.adminAwaitsReset));
        return done(null, cirrus);
      })().catch(done);
    }),
  );
  return instance;
}

/** Sign-in and sign-out: the only identity routes that touch the session itself. */
export function sessionRoutes(ctx: IdentityContext): Router {
  const router = Router();
  const auth = createPassport(ctx);
  const withSession = [...sessionMiddleware(ctx), auth.initialize()];
  const throttle = signInThrottle(ctx.config, ctx.limiters);

  // The callbacks are passport's; every refusal is a neutral error for the one handler, in sign-in's `messages`.
  router.post('/api/signin', errorShape('messages'), ...withSession, (req, res, next) => {
    const input = bodyOf(req, signInSchema);
    req.body = input;
    // The throttle decides before any lookup or hash: a refused guess learns nothing and costs no argon2 work.
    throttle
      .begin(req, input.email)
      .then((attempt) => {
        if (!attempt.allowed)
          throw new RateLimited(tooManySignIns(attempt.retryAfterSeconds), attempt.retryAfterSeconds);
        auth.authenticate('local', { session: false }, (err: unknown, user: CirrusRecord | false) => {
          // The password matched but no session starts (an unverified email's 403, a store error): not a failure.
          if (err) return void attempt.notAFailure().then(() => next(err), next);
          // A failure: its point stays counted (an unknown email counts against that email alike).
          if (!user) return next(new Unauthenticated(messages.signInFailed));
          attempt.signedIn(res).then(
            // passport regenerates the session id here, so a session fixed before sign-in is worthless.
            () =>
              req.logIn(user, (loginError) => {
                if (loginError) return next(loginError);
                // The new session's times (the time-outs count from them) and device, for the list of sessions.
                const now = ctx.clock().getTime();
                Object.assign(req.session as SessionRecord, {
                  createdAt: now,
                  lastSeenAt: now,
                  device: deviceOf(req.get('user-agent')),
                } satisfies Partial<SessionRecord>);
                req.session.save((saveError) => {
                  if (saveError) return next(saveError);
                  recordSignIn(ctx, { id: user.id, username: user.username }).then(
                    () => res.json({ signedCirrus: signedCirrusView(user, ctx.admins) }),
                    next,
                  );
                });
              }),
            next,
          );
        })(req, res, next);
      })
      .catch(next);
  });

  // The spec's call is GET; a link on another site must not sign anyone out, so a GET the browser marks as coming
  // from another site is refused, and so is a GET that is no page navigation (an <img src=/api/signout> in a profile
  // or a vellum, a script's fetch): the app signs out with POST, covered by the gateway's same-origin check. A client
  // that sends no fetch metadata at all (no browser since 2023 does) is taken at its word.
  const signOut: RequestHandler = (req, res, next) => {
    if (req.method === 'GET') {
      if (CROSS_SITE.has(req.get('sec-fetch-site') ?? '')) throw new Forbidden(messages.signOutCrossSite);
      const mode = req.get('sec-fetch-mode');
      if (mode !== undefined && mode !== 'navigate') throw new Forbidden(messages.signOutNotNavigation);
    }
    const clear = () => {
      clearSessionCookie(ctx, res);
      res.json({});
    };
    if (!req.session) return clear();
    const user = (req.session as SessionRecord).passport?.user;
    const end = () =>
      new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
    endSession(ctx, user && { id: user.id, username: user.username }, { id: req.sessionID, end }).then(
      clear,
      next,
    );
  };
  router.get('/api/signout', ...sessionMiddleware(ctx), signOut);
  router.post('/api/signout', ...sessionMiddleware(ctx), signOut);

  router.get('/api/sc', async (req, res) => {
    const cirrus = await viewSignedCirrus(ctx, maybeCallerOf(req));
    res.json({ signedCirrus: cirrus ? signedCirrusView(cirrus, ctx.admins) : null });
  });

  router.get('/api/user', async (req, res) => {
    const cirrus = await viewSignedCirrus(ctx, maybeCallerOf(req));
    res.json({ signed_cirrus: cirrus ? signedUserView(cirrus) : null });
  });

  router.get('/check_session', (req, res) => {
    res.json({ authenticated: Boolean(maybeCallerOf(req)) });
  });

  return router;
}
